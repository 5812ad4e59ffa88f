import { describe, expect, it } from 'vitest';
import { type ScamWarning, warningsOf } from './scam-warnings.ts';

// The scam warnings (docs/decisions/0036): what real messages in Bangladeshi classifieds look like,
// in English, Bangla and the mix people type, with Bangla digits; and everyday questions about a
// laptop that must not be flagged.

const A = 'advance_payment';
const L = 'external_link';
const P = 'phone_number';

const english: [string, ScamWarning[]][] = [
  ['Send Tk 500 advance to my bKash and the laptop is yours', [A]],
  ['send 1000 first, then I will hold it for you', [A]],
  ['Please pay first, I will courier it tomorrow', [A]],
  ['Payment first, no cash on delivery', [A]],
  ['Give a small advance so I keep it for you', [A]],
  ['Nagad or Rocket both ok', [A]],
  ['my bkash number is 01712-345678', [A, P]],
  ['Send money to 01812345678 then I ship', [A, P]],
  ['Booking fee Tk 300 is needed', [A]],
  ['More photos here: https://example.com/album', [L]],
  ['Check www.cheap-laptops.net for the warranty', [L]],
  ['pay here bit.ly/3xYz', [L]],
  ['contact me on wa.me/8801712345678', [L, P]],
  ['Call +880 1712 345678 after 5', [P]],
  ['whatsapp 8801912345678', [P]],
  ['My shop is laptopdeals.xyz', [L]],
  ['Is the battery good?', []],
  ['Can I see it tomorrow in Dhanmondi at 5 pm?', []],
  ['Tk 45,000 is my last price', []],
  ['It has an i5-8250U, 16 GB RAM and a 15.6 inch screen', []],
  ['I will pay cash in person when we meet', []],
  ['Is it the advanced model with the backlit keyboard?', []],
];

const bangla: [string, ScamWarning[]][] = [
  ['বিকাশে ৫০০ টাকা অগ্রিম দিন', [A]],
  ['অগ্রিম ছাড়া ল্যাপটপ রাখা যাবে না', [A]],
  ['আগে টাকা পাঠান, তারপর কুরিয়ার করব', [A]],
  ['টাকা পাঠিয়ে দিন এই নম্বরে ০১৭১২৩৪৫৬৭৮', [A, P]],
  ['আমার নগদ নম্বর ০১৯১২-৩৪৫৬৭৮', [A, P]],
  ['রকেটে পেমেন্ট করবেন', [A]],
  ['অ্যাডভান্স ১০০০ টাকা লাগবে', [A]],
  ['পেমেন্ট আগে, ডেলিভারি পরে', [A]],
  ['ফোন দিন +৮৮০ ১৭১২ ৩৪৫৬৭৮', [P]],
  ['কল করুন ৮৮০১৮১২৩৪৫৬৭৮ নম্বরে', [P]],
  ['০১৬১২ ৩৪৫ ৬৭৮ এ কল দেন ভাই', [P]],
  ['bKash এ 500 টাকা send করেন', [A]],
  ['ভাই advance দিলে রেখে দিব', [A]],
  ['ছবি দেখুন www.example.com এ', [L]],
  ['এখানে পেমেন্ট করুন: https://pay.example.xyz/abc', [L]],
  ['আমার বিকাশ 01712 345678', [A, P]],
  ['আমি কাল ধানমন্ডিতে দেখা করতে পারি', []],
  ['ব্যাটারি কেমন চলে?', []],
  ['দাম ৪৫,০০০ টাকা, দেখে কিনবেন', []],
  ['নগদ টাকায় দিব, দেখা হলে', []],
  ['৮ জিবি র‍্যাম, ২৫৬ এসএসডি, i5-8250U', []],
  ['শেষ দাম কত? Tk 40,000 দিলে হবে?', []],
];

describe('scam warnings', () => {
  it.each(english)('%j in English → %j', (text, expected) => expect(warningsOf(text)).toEqual(expected));
  it.each(bangla)('%j in Bangla or mixed → %j', (text, expected) => expect(warningsOf(text)).toEqual(expected));

  it('has at least 15 rows in each language, innocent ones among them', () => {
    for (const rows of [english, bangla]) {
      expect(rows.length).toBeGreaterThanOrEqual(15);
      expect(rows.filter(([, w]) => w.length === 0).length).toBeGreaterThanOrEqual(5);
    }
  });
});
