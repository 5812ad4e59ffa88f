// Starts the app once the page the server rendered is on screen (docs/rendering.md): the page
// is readable without JavaScript, so the app's scripts (data-entry, and the chunks the page's
// route needs, data-preload) are fetched after the page's own content has loaded, instead of
// competing with it for a slow connection.
(() => {
  const boot = document.currentScript;
  const entry = boot?.getAttribute('data-entry');
  if (!entry) return;
  const preloads = (boot.getAttribute('data-preload') ?? '').split(' ').filter(Boolean);
  // Each element in a task of its own: inserting one costs the browser 1–8 ms here (about four
  // times that on a slow phone), so all of them at once made a long task (docs/performance.md).
  const elements = preloads.map((href) => {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    return link;
  });
  const script = document.createElement('script');
  script.type = 'module';
  script.crossOrigin = '';
  script.src = entry;
  elements.push(script);
  const start = () => {
    const next = elements.shift();
    if (!next) return;
    document.head.append(next);
    setTimeout(start, 0);
  };
  let started = false;
  const startOnce = () => {
    if (started) return;
    started = true;
    setTimeout(start, 0);
  };
  // After the load event and the page's first contentful paint, as the browser reports it once the
  // frame is on screen: the frame after the load event (requestAnimationFrame) was not enough, a
  // slow raster put the paint after the scripts' requests, and on a slow connection they competed
  // with what the page shows first (docs/performance.md). Without paint timing, the next frame; a
  // paint never reported (a page opened behind another tab) waits 3 s at most.
  const afterPaint = () => {
    const paint = window.PerformanceObserver?.supportedEntryTypes?.includes('paint');
    if (!paint) return requestAnimationFrame(startOnce);
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      startOnce();
    });
    observer.observe({ type: 'paint', buffered: true });
    setTimeout(startOnce, 3000);
  };
  if (document.readyState === 'complete') afterPaint();
  else window.addEventListener('load', afterPaint, { once: true });
})();
