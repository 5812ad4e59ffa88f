// The offline page's language and its "Try again" (offline.html beside it). A file of its own: the
// pages' Content-Security-Policy runs no inline script. The language as the server picks a page's
// (src/server/platform/http/language.ts): the `lang` cookie the language switch leaves, then the
// browser's languages; English otherwise.
(() => {
  const LANGS = ['en', 'bn'];
  const cookie = document.cookie.split('; ').find((c) => c.startsWith('lang='));
  const remembered = cookie ? cookie.slice('lang='.length) : '';
  const preferred = (navigator.languages || [navigator.language])
    .map((l) => String(l).toLowerCase().split('-')[0])
    .find((l) => LANGS.includes(l));
  const lang = LANGS.includes(remembered) ? remembered : preferred || 'en';
  document.documentElement.lang = lang;
  document.title = lang === 'bn' ? 'আপনি অফলাইনে আছেন — Laptop Haat' : 'You are offline — Laptop Haat';
  for (const section of document.querySelectorAll('[data-lang]')) section.hidden = section.dataset.lang !== lang;
  // The page is shown at the address that could not be fetched: reloading asks for it again.
  for (const button of document.querySelectorAll('[data-retry]'))
    button.addEventListener('click', () => location.reload());
})();
