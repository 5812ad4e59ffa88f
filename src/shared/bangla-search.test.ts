import { describe, expect, it } from 'vitest';
import { readBanglaQuery } from './bangla-search.ts';

describe('readBanglaQuery (docs/search.md#bangla-queries)', () => {
  it.each([
    ['১৬ জিবি র‍্যাম', '16 gb ram'],
    ['১৬জিবি', '16gb'],
    ['৫১২ জিবি এসএসডি', '512 gb ssd'],
    ['১ টিবি', '1 tb'],
    ['ডেল ল্যাপটপ', 'dell'],
    ['এইচপি', 'hp'],
    ['এইচ পি প্যাভিলিয়ন', 'hp pavilion'],
    ['লেনোভো থিংকপ্যাড', 'lenovo thinkpad'],
    ['লেনেভো থিঙ্কপ্যাড', 'lenovo thinkpad'],
    ['আসুস ভিভোবুক', 'asus vivobook'],
    ['আসুস জেনবুক', 'asus zenbook'],
    ['এসার', 'acer'],
    ['অ্যাপল ম্যাকবুক', 'apple macbook'],
    ['এপল ম্যাক বুক', 'apple macbook'],
    ['আইডিয়াপ্যাড', 'ideapad'],
    ['ল্যাটিচিউড', 'latitude'],
    ['ইন্সপায়রন', 'inspiron'],
    ['কোর আই৫', 'core i5'],
    ['কোর আই৭ গেমিং', 'core i7 gaming'],
    ['রাইজেন ৭', 'ryzen 7'],
    ['টাচ', 'touch'],
    ['সেকেন্ড হ্যান্ড ল্যাপটপ দাম টাকা', ''],
    ['ব্যবহৃত ডেল', 'dell'],
    ['ডেলের ল্যাপটপ', 'dell'],
    ['ডেল১৫', 'dell 15'],
    ['৬০ হাজার', '60000'],
    ['১.৫ লাখ', '150000'],
    ['Dell ১৬ GB', 'Dell 16 GB'],
    ['thinkpad 16gb', 'thinkpad 16gb'],
    ['ঢাকা মিরপুর', 'ঢাকা মিরপুর'],
  ])('%s → %s', (q, english) => {
    expect(readBanglaQuery(q).text).toBe(english);
  });

  it('ignores the joiners of র‍্য and reads composed and decomposed letters alike', () => {
    expect(readBanglaQuery('র‌্যাম').text).toBe('ram');
    expect(readBanglaQuery('র্যাম').text).toBe('ram');
    expect(readBanglaQuery('প্যাভিলি\u09af\u09bcন').text).toBe('pavilion');
    expect(readBanglaQuery('প্যাভিলি\u09dfন').text).toBe('pavilion');
  });

  it('keeps the Bangla word each known word came from, without its ending', () => {
    const { banglaOf } = readBanglaQuery('ডেলের গেমিং ১৬ জিবি');
    expect(Object.fromEntries(banglaOf)).toEqual({ dell: 'ডেল', gaming: 'গেমিং' });
  });

  it('leaves text without Bangla as it is', () => {
    const q = "i5-1135G7 '; drop table laptop; --";
    expect(readBanglaQuery(q)).toEqual({ text: q, banglaOf: new Map() });
  });
});

describe('a Bangla word kept as typed', () => {
  it.each([
    ['র‍্যাপিড', 'র্যাপিড'],
    ['র্যাপিড', 'র\u200d্যাপিড'],
    ['বা\u09dfু', 'বা\u09af\u09bcু'],
    ['বা\u09af\u09bcু', 'বা\u09dfু'],
  ])('%s is also looked for as other keyboards write it', (word, other) => {
    const { text, banglaOf } = readBanglaQuery(word);
    expect(text).toBe(word);
    expect(banglaOf.get(word)).toBe(other);
  });

  it('has no other spelling when every keyboard writes it alike', () => {
    expect(readBanglaQuery('ঠান্ডা').banglaOf.size).toBe(0);
  });
});
