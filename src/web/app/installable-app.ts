// What makes the site an installable app (docs/decisions/0043-installable-app.md), loaded by
// main.tsx once the page has loaded and the browser is idle.

/**
 * The web app manifest, named once the app runs rather than in the page: Chromium fetches a
 * manifest the page names as soon as it is parsed, one more request beside the stylesheet, the hero
 * and the Bangla face before the first paint on a slow connection; installing the app needs it
 * only later.
 */
function nameManifest() {
  if (document.querySelector('link[rel="manifest"]')) return;
  const link = document.createElement('link');
  link.rel = 'manifest';
  link.href = '/manifest.webmanifest';
  document.head.append(link);
}

/**
 * The service worker (src/web/sw/sw.ts). Not in development, where Vite serves modules that no
 * worker should keep.
 */
function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
    // Private windows and locked-down browsers refuse workers: the site works as before without one.
    console.warn('the service worker was not registered', error);
  });
}

nameManifest();
registerServiceWorker();
