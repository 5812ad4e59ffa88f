import { i18n } from '@lingui/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expectLikeIntl } from '../test/dates.ts';
import { capitalize, cutText, formatPostDate, formatTk, pluralize } from './format.ts';
import { formatMessageTime, formatTime } from './format-time.ts';

describe('formatTk', () => {
  it('writes Tk and groups thousands the en-US way', () => {
    expect(formatTk(85000)).toBe('Tk 85,000');
    expect(formatTk(1234567)).toBe('Tk 1,234,567');
    expect(formatTk(999)).toBe('Tk 999');
    expect(formatTk(0)).toBe('Tk 0');
  });

  it('writes any amount as Intl.NumberFormat (en-US, whole taka) would', () => {
    const intl = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: -1e12, max: 1e12 }), fc.double({ min: -1e9, max: 1e9, noNaN: true })),
        (n) => {
          // (Intl writes amounts that round to zero from below as '-0'; we write '0'.)
          expect(formatTk(n)).toBe(`Tk ${intl.format(n).replace('−', '-').replace(/^-0$/, '0')}`);
        },
      ),
      { numRuns: 3000 },
    );
  });
});

describe('cutText', () => {
  it('keeps a text of exactly 200 characters whole', () => {
    const text = 'a'.repeat(200);
    expect(cutText(text, 200)).toBe(text);
  });

  it('cuts a text of 201 characters to its first 200 followed by ...', () => {
    const text = `${'b'.repeat(200)}X`;
    const cut = cutText(text, 200);
    expect(cut).toBe(`${'b'.repeat(200)}...`);
    expect(cut).toHaveLength(203);
  });

  it('cuts at 200 by default', () => {
    expect(cutText('c'.repeat(250))).toBe(`${'c'.repeat(200)}...`);
    expect(cutText('short')).toBe('short');
  });
});

describe('formatPostDate', () => {
  it('shows the date en-GB style, day first', () => {
    expect(formatPostDate('2026-11-22T04:00:00.000Z')).toBe('22/11/2026');
    expect(formatPostDate('2026-01-05T12:00:00.000Z')).toBe('05/01/2026');
  });

  it("uses Bangladesh's date: 20:00 UTC is already the next morning in Dhaka", () => {
    expect(formatPostDate('2026-11-21T20:00:00.000Z')).toBe('22/11/2026');
  });

  it('gives the date the Asia/Dhaka time zone gives, for any moment from 2010 to 2100', () => {
    const dhaka = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Dhaka' });
    expectLikeIntl(formatPostDate, dhaka);
  });

  it('shows nothing for a date it cannot read', () => {
    expect(formatPostDate('not a date')).toBe('');
  });
});

describe('formatTime and formatMessageTime', () => {
  it('writes the time of day in Dhaka as Intl (en-US, Asia/Dhaka) would, for any moment', () => {
    const intl = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: 'Asia/Dhaka' });
    expectLikeIntl(formatTime, intl, (text) => text.replace(/\s/g, ' '));
  });

  it('writes the time of day with Bangla digits and the part of the day, in Dhaka, as Intl (bn-BD) would', () => {
    i18n.activate('bn');
    expect(formatTime('2026-11-20T09:05:00.000Z')).toBe('৩:০৫ দুপুর');
    const intl = new Intl.DateTimeFormat('bn-BD', {
      hour: 'numeric',
      minute: '2-digit',
      dayPeriod: 'short',
      timeZone: 'Asia/Dhaka',
    });
    expectLikeIntl(formatTime, intl);
  });

  it('gives only the time on the same day in Dhaka, and the date too on another', () => {
    // 23:30 in Dhaka on the 20th; "now" is 23:50 the same evening, then 00:10 the next day.
    const sent = '2026-11-20T17:30:00.000Z';
    expect(formatMessageTime(sent, Date.parse('2026-11-20T17:50:00.000Z'))).toBe('11:30 PM');
    expect(formatMessageTime(sent, Date.parse('2026-11-20T18:10:00.000Z'))).toBe('20/11/2026, 11:30 PM');
    expect(formatMessageTime('not a date')).toBe('');
  });
});

describe('capitalize and pluralize', () => {
  it('capitalises the first letter only', () => {
    expect(capitalize('chattogram')).toBe('Chattogram');
    expect(capitalize('')).toBe('');
  });

  it('counts years', () => {
    expect(pluralize(1, 'year')).toBe('1 year');
    expect(pluralize(3, 'year')).toBe('3 years');
    expect(pluralize(0, 'year')).toBe('0 years');
  });
});
