import fc from 'fast-check';
import { expect } from 'vitest';

/**
 * Holds a hand-written date formatter to Intl's answer for any moment from 2010 to 2100 (the
 * formatters avoid Intl at run time: lib/format.ts says why). `normalize` evens out what Intl
 * writes differently without meaning anything else (a narrow no-break space for a space).
 */
export function expectLikeIntl(
  format: (iso: string) => string,
  intl: Intl.DateTimeFormat,
  normalize: (text: string) => string = (text) => text,
) {
  fc.assert(
    fc.property(
      fc.date({ min: new Date('2010-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }),
      (date) => {
        expect(format(date.toISOString())).toBe(normalize(intl.format(date)));
      },
    ),
    { numRuns: 2000 },
  );
}
