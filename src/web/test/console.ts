import { vi } from 'vitest';

/** Marks console.error calls in the current test as expected (and keeps them out of the output). */
export function expectConsoleErrors() {
  (globalThis as { __allowConsoleErrors?: boolean }).__allowConsoleErrors = true;
  vi.mocked(console.error).mockImplementation(() => {});
}
