import { createElement, Fragment, type ReactNode } from 'react';

// A translated sentence may name things users wrote (a laptop's name, a buyer's name): those stay as
// they were written and are marked `translate="no"` (docs/i18n.md), which a plain string cannot do.
// The sentence is asked for with a marker in place of each value, then the markers become <span>s.

const marker = (index: number) => `\u{E000}${index}\u{E001}`;
const MARKER = /\u{E000}(\d+)\u{E001}/u;

/**
 * `format(...values)` as React nodes, each value in a `translate="no"` span: e.g.
 * `userContentIn(T.deleteDetail, laptop.laptop_name)`. The text reads exactly as `format(...values)`.
 */
export function userContentIn<Values extends string[]>(
  format: (...values: Values) => string,
  ...values: Values
): ReactNode {
  // split() with a capturing group alternates text and the captured value's index: text, index, text, …
  const parts = format(...(values.map((_, index) => marker(index)) as Values)).split(MARKER);
  // Passed as separate children, the parts need no keys: they never move.
  const children = parts.map((part, at) =>
    at % 2 === 0 ? part : createElement('span', { translate: 'no' }, values[Number(part)]),
  );
  return createElement(Fragment, null, ...children);
}
