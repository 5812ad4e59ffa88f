import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from '../../platform/paging.ts';
import { cappedTotal, countInRange, MAX_WORDS, parseSearchText } from './search.ts';

describe('parseSearchText (docs/search.md#tokens)', () => {
  it.each([
    ['thinkpad 16gb', { words: ['thinkpad'], ram: 16 }],
    ['ThinkPad 16 GB', { words: ['thinkpad'], ram: 16 }],
    ['zephyrus 1tb', { words: ['zephyrus'], storage: 1024 }],
    ['xps 512gb 8gb', { words: ['xps'], ram: 8, storage: 512 }],
    ['16gb 32gb', { words: [], ram: 16, storage: 32 }],
    ['3gb pavilion', { words: ['3gb', 'pavilion'] }],
    ['i5-1135G7 laptop', { words: ['i5', '1135g7', 'laptop'] }],
    ['128gb', { words: [], ram: 128 }],
    ['16gbx', { words: ['16gbx'] }],
    ["'; drop table laptop; --", { words: ['drop', 'table', 'laptop'] }],
    // "ল্যাপটপ" (laptop) says nothing a search can use (docs/search.md#bangla-queries).
    ['ল্যাপটপ ঢাকা', { words: ['ঢাকা'] }],
    ['১৬ জিবি র‍্যাম ডেল', { words: ['ram', 'dell'], ram: 16, bangla: { ram: 'র‍্যাম', dell: 'ডেল' } }],
    ['কোর আই৫ ৫১২জিবি', { words: ['core', 'i5'], storage: 512, bangla: { core: 'কোর' } }],
    ['dell 👨\u200d💻', { words: ['dell'] }],
  ])('%s', (q, expected) => {
    expect(parseSearchText(q)).toEqual(expected);
  });

  it('keeps at most MAX_WORDS distinct words', () => {
    const q = Array.from({ length: 20 }, (_, i) => `w${i} w${i}`).join(' ');
    expect(parseSearchText(q).words).toHaveLength(MAX_WORDS);
  });
});

describe('cappedTotal', () => {
  it('says totalCapped only beyond the cap', () => {
    expect(cappedTotal(0, 10)).toEqual({ total: 0 });
    expect(cappedTotal(10, 10)).toEqual({ total: 10 });
    expect(cappedTotal(11, 10)).toEqual({ total: 10, totalCapped: true });
  });
});

describe('countInRange (docs/search.md#counting)', () => {
  const lowest = (prices: number[], cap: number) =>
    Int32Array.from([...prices].sort((a, b) => a - b).slice(0, cap + 1));

  it('counts a range exactly from a complete list, and from the lowest cap + 1 prices below the last', () => {
    const prices = [10, 20, 20, 30, 40, 50];
    expect(countInRange(lowest(prices, 10), undefined, undefined, 10)).toBe(6);
    expect(countInRange(lowest(prices, 10), 20, 40, 10)).toBe(4);
    expect(countInRange(lowest(prices, 10), 41, 45, 10)).toBe(0);
    // Cap 3: the list is 10, 20, 20, 30 and says nothing of prices from 30 on but that they exist.
    expect(countInRange(lowest(prices, 3), 15, 29, 3)).toBe(2);
    expect(countInRange(lowest(prices, 3), undefined, 100, 3)).toBe(4);
    expect(countInRange(lowest(prices, 3), 15, undefined, 3)).toBeUndefined();
    expect(countInRange(lowest([], 3), 15, 20, 3)).toBe(0);
  });

  it('agrees with counting every price, whenever it answers', () => {
    const price = fc.integer({ min: 1, max: 60 });
    fc.assert(
      fc.property(
        fc.array(price, { maxLength: 40 }),
        fc.integer({ min: 1, max: 12 }),
        fc.option(price, { nil: undefined }),
        fc.option(price, { nil: undefined }),
        (prices, cap, min, max) => {
          const n = countInRange(lowest(prices, cap), min, max, cap);
          const exact = prices.filter((p) => (min === undefined || p >= min) && (max === undefined || p <= max)).length;
          if (n === undefined) return prices.length > cap;
          return exact > cap ? n > cap : n === exact;
        },
      ),
    );
  });
});

/** The refusal of a cursor: a 400 naming the `cursor` field (docs/decisions/0032). */
const refusesCursor = (decode: () => unknown) =>
  expect(decode).toThrow(
    expect.objectContaining({ code: 'validation', fields: { cursor: { code: 'invalid_cursor' } } }),
  );

describe('cursors (docs/search.md#cursors)', () => {
  it('round-trips a key and id of its own order only', () => {
    const c = encodeCursor('price_asc', 35_000, 'abc');
    expect(decodeCursor(c, 'price_asc', 'integer')).toEqual({ key: 35_000, id: 'abc' });
    refusesCursor(() => decodeCursor(c, 'price_desc', 'integer'));
    const at = '2026-11-23T10:00:00.123456Z';
    expect(decodeCursor(encodeCursor('newest', at, 'x'), 'newest', 'timestamp').key).toBe(at);
  });

  it.each([
    ['not base64url', '%%%', 'newest', 'timestamp'],
    ['not JSON', Buffer.from('nope').toString('base64url'), 'newest', 'timestamp'],
    ['an impossible date', encodeCursor('newest', '2026-02-30T00:00:00.000000Z', 'x'), 'newest', 'timestamp'],
    ['year 0', encodeCursor('newest', '0000-01-01T00:00:00.000000Z', 'x'), 'newest', 'timestamp'],
    ['milliseconds only', encodeCursor('newest', '2026-01-01T00:00:00.000Z', 'x'), 'newest', 'timestamp'],
    ['a fractional price', encodeCursor('price_asc', 1.5, 'x'), 'price_asc', 'integer'],
    ['an empty id', encodeCursor('price_asc', 1, ''), 'price_asc', 'integer'],
  ] as const)('refuses %s', (_, cursor, order, kind) => {
    refusesCursor(() => decodeCursor(cursor, order, kind));
  });
});
