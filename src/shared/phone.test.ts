import { describe, expect, it } from 'vitest';
import { isBdMobile, normalizeBdMobile } from './phone.ts';

describe('Bangladeshi mobile numbers', () => {
  it.each([
    ['01712345678', '01712345678'],
    ['+8801712345678', '01712345678'],
    ['8801912345678', '01912345678'],
    ['017-1234 5678', '01712345678'],
    ['০১৭১২৩৪৫৬৭৮', '01712345678'],
    ['+৮৮০১৮১২৩৪৫৬৭৮', '01812345678'],
  ])('normalises %s to %s', (input, expected) => {
    expect(normalizeBdMobile(input)).toBe(expected);
    expect(isBdMobile(input)).toBe(true);
  });

  it.each(['', '0171234567', '017123456789', '01212345678', '02712345678', '+4401712345678', 'abc'])(
    'refuses %s',
    (input) => expect(isBdMobile(input)).toBe(false),
  );
});
