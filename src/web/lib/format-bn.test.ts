import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expectLikeIntl } from '../test/dates.ts';
import { formatNumberBn, formatPostDateBn, formatTkBn } from './format-bn.ts';

describe('in Bangla', () => {
  it('writes taka with the ৳ sign, Bangla digits and South Asian grouping', () => {
    expect(formatTkBn(85000)).toBe('৳৮৫,০০০');
    expect(formatTkBn(100000)).toBe('৳১,০০,০০০');
    expect(formatTkBn(12345678)).toBe('৳১,২৩,৪৫,৬৭৮');
    expect(formatTkBn(999)).toBe('৳৯৯৯');
    expect(formatNumberBn(100000)).toBe('১,০০,০০০');
  });

  it('writes any amount as Intl.NumberFormat (bn-BD, whole) would', () => {
    const intl = new Intl.NumberFormat('bn-BD', { maximumFractionDigits: 0 });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), (n) => {
        expect(formatNumberBn(n)).toBe(intl.format(n));
        expect(formatTkBn(n)).toBe(`৳${intl.format(n)}`);
      }),
      { numRuns: 2000 },
    );
  });

  it('writes the date with Bangla digits and month names, in Dhaka, as Intl (bn-BD) would', () => {
    expect(formatPostDateBn('2026-11-21T20:00:00.000Z')).toBe('২২ নভেম্বর, ২০২৬');
    const intl = new Intl.DateTimeFormat('bn-BD', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'Asia/Dhaka',
    });
    expectLikeIntl(formatPostDateBn, intl);
  });
});
