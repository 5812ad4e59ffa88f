// @vitest-environment jsdom
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BOOT_SCRIPT, BOOT_SCRIPT_HASH, bootTag } from './boot-script.ts';

// The boot script is run here as a page runs it: its text, with `document.currentScript` the
// element that carries it (jsdom runs no script of a page by itself).
function runBootScript(attributes: Record<string, string>) {
  const element = document.createElement('script');
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  document.body.append(element);
  vi.spyOn(document, 'currentScript', 'get').mockReturnValue(element);
  new Function(BOOT_SCRIPT)();
}

const added = () =>
  [...document.head.children].map((e) =>
    e instanceof HTMLLinkElement
      ? `${e.rel} ${e.getAttribute('href')}`
      : `script ${e.getAttribute('type')} ${e.getAttribute('src')}`,
  );
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

afterEach(() => {
  vi.restoreAllMocks();
  document.head.replaceChildren();
  document.body.replaceChildren();
});

describe('the boot script', () => {
  it("preloads the page's chunks, then starts the entry and names the manifest, once the page has loaded", async () => {
    expect(document.readyState).toBe('complete');
    runBootScript({ 'data-entry': '/assets/index-e1.js', 'data-preload': '/assets/vendor-v1.js /assets/login-a1.js' });
    expect(added()).toEqual([]);
    await settle();
    expect(added()).toEqual([
      'modulepreload /assets/vendor-v1.js',
      'modulepreload /assets/login-a1.js',
      'script module /assets/index-e1.js',
      'manifest /manifest.webmanifest',
    ]);
  });

  it('waits for the load event when the page is still loading', async () => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    runBootScript({ 'data-entry': '/assets/index-e1.js', 'data-preload': '' });
    await settle();
    expect(added()).toEqual([]);
    window.dispatchEvent(new Event('load'));
    await settle();
    expect(added()).toEqual(['script module /assets/index-e1.js', 'manifest /manifest.webmanifest']);
  });

  it('starts at once when the page is tapped while still loading, and keeps a tapped button for the app', async () => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    const menu = document.createElement('button');
    menu.type = 'button';
    menu.innerHTML = '<span>Open menu</span>';
    const link = document.createElement('a');
    link.href = '/blog';
    document.body.append(menu, link);
    runBootScript({ 'data-entry': '/assets/index-e1.js', 'data-preload': '' });
    const early = () => (window as unknown as { __earlyTaps: { take: () => Element[] } }).__earlyTaps.take();

    const onLink = new MouseEvent('click', { bubbles: true, cancelable: true });
    link.dispatchEvent(onLink);
    // A link works without the app: the browser follows it, nothing is kept.
    expect(onLink.defaultPrevented).toBe(false);
    const onMenu = new MouseEvent('click', { bubbles: true, cancelable: true });
    menu.firstElementChild!.dispatchEvent(onMenu);
    expect(onMenu.defaultPrevented).toBe(true);
    await settle();
    // No load event came: the tap started the app.
    expect(added()).toEqual(['script module /assets/index-e1.js', 'manifest /manifest.webmanifest']);
    expect(early()).toEqual([menu]);
    // Taken once: a later click is the app's own.
    menu.click();
    expect(early()).toEqual([]);
  });

  it('starts nothing without an entry', async () => {
    runBootScript({ 'data-preload': '/assets/vendor-v1.js' });
    await settle();
    expect(added()).toEqual([]);
  });

  it('is allowed by its own hash and carries its entry and chunks as attributes', () => {
    expect(BOOT_SCRIPT_HASH).toBe(`'sha256-${createHash('sha256').update(BOOT_SCRIPT).digest('base64')}'`);
    expect(bootTag('/assets/index-e1.js', ['/assets/a.js', '/assets/b.js'])).toBe(
      `<script data-entry="/assets/index-e1.js" data-preload="/assets/a.js /assets/b.js">${BOOT_SCRIPT}</script>`,
    );
    expect(BOOT_SCRIPT).not.toContain('</');
  });
});
