import { createHash } from 'node:crypto';

// The script that starts the app once the page the server rendered is on screen
// (docs/rendering.md). It is written into every built page, at the end of its body, not fetched:
// as a file of its own (/boot.js until 2026-11-25) it was one more request beside the stylesheet,
// the hero and the Bangla face before the first paint, and a script Lighthouse's simulation waited
// for before the largest paint (docs/performance.md). The page's CSP allows it by its hash
// (platform/http/security.ts), and no other inline script.

/**
 * Runs in the browser, as `BOOT_SCRIPT`: its source is what the page carries, so it uses nothing
 * outside itself. `boot` is the script element, which names the entry (data-entry) and the chunks
 * the page's route needs (data-preload).
 */
function startApp(boot: HTMLOrSVGScriptElement | null) {
  const entry = boot?.getAttribute('data-entry');
  if (!boot || !entry) return;
  const preloads = (boot.getAttribute('data-preload') ?? '').split(' ').filter(Boolean);
  // Each element in a task of its own: inserting one costs the browser 1–8 ms here (about four
  // times that on a slow phone), so all of them at once made a long task (docs/performance.md).
  const elements: HTMLElement[] = preloads.map((href) => {
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
  // The web app manifest last, and not in the page: Chromium fetches a manifest the page names as
  // soon as the document is parsed, one more request on a slow connection beside the stylesheet,
  // the hero and the Bangla face before the first paint (docs/performance.md). Installing the app
  // needs it only later.
  const manifest = document.createElement('link');
  manifest.rel = 'manifest';
  manifest.href = '/manifest.webmanifest';
  elements.push(script, manifest);
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
    if (!window.PerformanceObserver?.supportedEntryTypes?.includes('paint')) {
      requestAnimationFrame(startOnce);
      return;
    }
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

  // A person who touches the page before the app runs wants it now: start at once, whatever the
  // page is still loading. Their tap on a control the app drives (a menu, a heart, a dialog's
  // button) would otherwise do nothing: it is kept, and the app clicks it again once it has
  // hydrated (`window.__earlyTaps.take()`, src/web/app/main.tsx). Links and form fields work
  // without the app and are left to the browser.
  const taps: Element[] = [];
  const onInput = () => startOnce();
  const onClick = (event: Event) => {
    startOnce();
    const target = event.target instanceof Element ? event.target : null;
    const control = target?.closest('button, [role="button"]');
    if (!control || control.closest('a[href]')) return;
    event.preventDefault();
    // The last one is what the person meant: tapping twice while waiting must not toggle twice.
    taps.splice(0, taps.length, control);
  };
  document.addEventListener('pointerdown', onInput, { capture: true, once: true });
  document.addEventListener('keydown', onInput, { capture: true, once: true });
  document.addEventListener('click', onClick, true);
  (window as unknown as { __earlyTaps: { take: () => Element[] } }).__earlyTaps = {
    take() {
      document.removeEventListener('pointerdown', onInput, true);
      document.removeEventListener('keydown', onInput, true);
      document.removeEventListener('click', onClick, true);
      return taps.splice(0);
    },
  };
}

/** The inline script's text: `startApp`'s source, called with the element it is in. */
export const BOOT_SCRIPT = `(${startApp.toString()})(document.currentScript)`;

/** A CSP source that allows the inline script whose text is `body` (and no other). */
export function scriptHash(body: string): string {
  return `'sha256-${createHash('sha256').update(body).digest('base64')}'`;
}

export const BOOT_SCRIPT_HASH = scriptHash(BOOT_SCRIPT);

/** The boot script's element for a page: the entry it starts and the chunks it preloads first. */
export function bootTag(entry: string, chunks: readonly string[]): string {
  return `<script data-entry="${entry}" data-preload="${chunks.join(' ')}">${BOOT_SCRIPT}</script>`;
}
