// Starts the app once the page the server rendered is on screen (docs/rendering.md): the page
// is readable without JavaScript, so the app's scripts (data-entry, and the chunks the page's
// route needs, data-preload) are fetched after the page's own content has loaded, instead of
// competing with it for a slow connection.
(() => {
  const boot = document.currentScript;
  const entry = boot?.getAttribute('data-entry');
  if (!entry) return;
  const preloads = (boot.getAttribute('data-preload') ?? '').split(' ').filter(Boolean);
  const start = () => {
    for (const href of preloads) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.append(script);
  };
  // After the load event and the frame that follows it: the page has been painted by then.
  const afterPaint = () => requestAnimationFrame(() => setTimeout(start, 0));
  if (document.readyState === 'complete') afterPaint();
  else window.addEventListener('load', afterPaint, { once: true });
})();
