import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import { afterEach, beforeEach, vi } from 'vitest';
import { renderIn } from './locale.ts';
import { stubMatchMedia } from './requests.ts';

// Lazy routes and loaders settle in a few ticks; on a loaded 2-core CI machine that can exceed
// the default 1 s of findBy/waitFor.
configure({ asyncUtilTimeout: 5_000 });

// A console.error in a component test fails it. A test that expects one (a failed
// request is logged on purpose) says so with `expectConsoleErrors()` from ./console.ts.
beforeEach(() => {
  vi.spyOn(console, 'error');
  // Components speak English unless a test chooses Bangla (./locale.ts).
  renderIn('en');
});

afterEach(() => {
  cleanup();
  // Toasts live in a module-level store: one test's must not show in the next.
  toast.remove();
  const calls = vi.mocked(console.error).mock.calls;
  const allowed = (globalThis as { __allowConsoleErrors?: boolean }).__allowConsoleErrors === true;
  (globalThis as { __allowConsoleErrors?: boolean }).__allowConsoleErrors = false;
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  if (calls.length > 0 && !allowed) {
    const first = calls[0]?.map(String).join(' ') ?? '';
    throw new Error(`console.error was called ${calls.length} time(s) during the test; first: ${first}`);
  }
});

// jsdom implements neither; without these it reports "Not implemented" through console.error.
window.scrollTo = () => {};
// react-hot-toast asks matchMedia for reduced motion; jsdom has none.
stubMatchMedia();
Element.prototype.scrollIntoView = () => {};
