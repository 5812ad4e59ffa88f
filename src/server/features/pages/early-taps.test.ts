// @vitest-environment jsdom
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { EARLY_TAPS_HASH, EARLY_TAPS_SCRIPT, EARLY_TAPS_TAG } from './early-taps.ts';

// The script is run here as a page runs it: its text (jsdom runs no script of a page by itself).
const early = () => (window as unknown as { __earlyTaps: { take: () => Element[] } }).__earlyTaps.take();
const tap = (element: Element) => {
  const event = new MouseEvent('click', { bubbles: true, cancelable: true });
  element.dispatchEvent(event);
  return event.defaultPrevented;
};

afterEach(() => {
  early();
  document.body.replaceChildren();
});

describe('the early taps script', () => {
  it('keeps the last tap on a button the app drives, for the app to click again, once', () => {
    document.body.innerHTML =
      '<button type="button" id="menu"><span>Open menu</span></button><div role="button" id="heart"></div>';
    new Function(EARLY_TAPS_SCRIPT)();
    expect(tap(document.querySelector('#menu span')!)).toBe(true);
    expect(tap(document.querySelector('#heart')!)).toBe(true);
    // Tapping twice while waiting must not toggle twice: the last tap is what the person meant.
    expect(early()).toEqual([document.querySelector('#heart')]);
    // Taken once: a later click is the app's own.
    expect(tap(document.querySelector('#menu')!)).toBe(false);
    expect(early()).toEqual([]);
  });

  it('leaves to the browser what works without the app: links, and forms that name where they go', () => {
    document.body.innerHTML = `
      <a href="/blog"><button type="button" id="in-link">Blog</button></a>
      <form method="get" action="/search"><input name="q"><button id="search">Search</button></form>
      <form><button id="no-action">Log In</button></form>`;
    new Function(EARLY_TAPS_SCRIPT)();
    expect(tap(document.querySelector('#in-link')!)).toBe(false);
    expect(tap(document.querySelector('#search')!)).toBe(false);
    // A form without an address is the app's (sent by the browser it would put its fields in this page's URL).
    expect(tap(document.querySelector('#no-action')!)).toBe(true);
    expect(early()).toEqual([document.querySelector('#no-action')]);
  });

  it('is allowed by its own hash and cannot end its element early', () => {
    expect(EARLY_TAPS_HASH).toBe(`'sha256-${createHash('sha256').update(EARLY_TAPS_SCRIPT).digest('base64')}'`);
    expect(EARLY_TAPS_TAG).toBe(`<script>${EARLY_TAPS_SCRIPT}</script>`);
    expect(EARLY_TAPS_SCRIPT).not.toContain('</');
  });
});
