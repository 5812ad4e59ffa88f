import { latinDigits } from './digits.ts';

// A search text as an English speaker would type it (docs/search.md#bangla-queries): listings are
// mostly written in English, so "১৬ জিবি র‍্যাম ডেল ল্যাপটপ" is read as "16 gb ram dell". Bangla
// digits become Latin, units and known words (brands, models, parts) their English spelling, and
// words no English query would hold ("laptop", "price", "second hand") are dropped. Any other
// Bangla word is kept as typed, to be found in listings written in Bangla. Server-side only: the
// first load does not carry the dictionary.

/** What a Bangla query reads as: its English text, and the Bangla word each English word came from. */
export interface BanglaReading {
  text: string;
  /**
   * English word → the Bangla word it was read from (a listing written in Bangla may hold either);
   * a Bangla word kept as typed → the same word as other keyboards write it.
   */
  banglaOf: Map<string, string>;
}

/** English spelling → the Bangla spellings people type for it (spelling variants included). */
const WORDS: Record<string, readonly string[]> = {
  // Brands
  dell: ['ডেল'],
  hp: ['এইচপি', 'এইচ পি', 'এচপি'],
  lenovo: ['লেনোভো', 'লেনেভো', 'লেনোভা', 'লেনভো'],
  asus: ['আসুস', 'আসূস', 'এসুস', 'অ্যাসুস', 'আছুস'],
  acer: ['এসার', 'এইসার', 'অ্যাসার', 'এসের'],
  apple: ['অ্যাপল', 'এপল', 'অ্যাপেল', 'আপেল', 'এ্যাপল'],
  microsoft: ['মাইক্রোসফট', 'মাইক্রোসফ্ট'],
  msi: ['এমএসআই', 'এম এস আই'],
  razer: ['রেজার', 'রেজর'],
  samsung: ['স্যামসাং', 'সামসাং'],
  walton: ['ওয়ালটন', 'ওয়ালটন', 'ওয়াল্টন'],
  xiaomi: ['শাওমি', 'শাওমী', 'জিয়াওমি'],
  huawei: ['হুয়াওয়ে', 'হুয়াওয়ে', 'হুয়াই'],
  // Lines and models
  macbook: ['ম্যাকবুক', 'মেকবুক', 'ম্যাক বুক', 'ম্যাকবুক'],
  thinkpad: ['থিংকপ্যাড', 'থিঙ্কপ্যাড', 'থিংক প্যাড', 'থিংকপেড'],
  ideapad: ['আইডিয়াপ্যাড', 'আইডিয়াপ্যাড', 'আইডিয়া প্যাড', 'আইডিয়া প্যাড', 'আইডিয়াপেড'],
  vivobook: ['ভিভোবুক', 'ভিভো বুক'],
  zenbook: ['জেনবুক', 'জেন বুক'],
  pavilion: ['প্যাভিলিয়ন', 'প্যাভিলিয়ন', 'প্যাভিলিওন', 'পেভিলিয়ন', 'পেভিলিয়ন'],
  latitude: ['ল্যাটিচিউড', 'ল্যাটিটিউড', 'লেটিচুড', 'ল্যাটিচুড', 'ল্যাটিটুড'],
  inspiron: ['ইন্সপায়রন', 'ইন্সপায়রন', 'ইন্সপাইরন', 'ইনস্পিরন', 'ইন্সপিরন', 'ইন্সপায়ারন'],
  legion: ['লিজিয়ন', 'লিজিয়ন', 'লেজিয়ন', 'লেজিওন'],
  nitro: ['নাইট্রো'],
  aspire: ['অ্যাসপায়ার', 'এসপায়ার', 'এসপায়ার'],
  xps: ['এক্সপিএস'],
  spectre: ['স্পেক্টার', 'স্পেকটার', 'স্পেক্টর'],
  victus: ['ভিক্টাস', 'ভিকটাস'],
  strix: ['স্ট্রিক্স'],
  tuf: ['টাফ'],
  rog: ['আরওজি', 'রগ'],
  surface: ['সারফেস'],
  air: ['এয়ার', 'এয়ার', 'এয়ার'],
  pro: ['প্রো'],
  // Parts
  intel: ['ইন্টেল'],
  amd: ['এএমডি'],
  core: ['কোর'],
  ryzen: ['রাইজেন', 'রাইজেন', 'রায়জেন', 'রাইজান'],
  gaming: ['গেমিং', 'গেইমিং', 'গেমিংয়ের'],
  ssd: ['এসএসডি', 'এস এস ডি'],
  hdd: ['এইচডিডি'],
  touch: ['টাচ'],
  ram: ['র‍্যাম', 'র‌্যাম', 'র্যাম', 'রেম'],
  nvidia: ['এনভিডিয়া', 'এনভিডিয়া'],
  rtx: ['আরটিএক্স'],
  gtx: ['জিটিএক্স'],
  gen: ['জেন'],
  // Units: sizes are read from "16 gb" (docs/search.md#tokens)
  gb: ['জিবি', 'গিগাবাইট', 'জি বি'],
  tb: ['টিবি', 'টেরাবাইট'],
};

/** Words an English query for the same laptops would not hold. */
const DROPPED = [
  'ল্যাপটপ',
  'ল্যাপটপের',
  'ল্যাপটপটি',
  'লেপটপ',
  'নোটবুক',
  'কম্পিউটার',
  'দাম',
  'দামে',
  'মূল্য',
  'টাকা',
  'টাকার',
  'টাকায়',
  'সেকেন্ড হ্যান্ড',
  'সেকেন্ডহ্যান্ড',
  'সেকেন্ড',
  'হ্যান্ড',
  'ব্যবহৃত',
  'পুরাতন',
  'পুরনো',
  'পুরানো',
  'বিক্রি',
  'বিক্রয়',
  'চাই',
  'কিনতে',
  'কিনুন',
  'সাথে',
  'সহ',
  'এবং',
  'ও',
];

/** The form words are compared in: composed, without the joiners that only shape how র‍্য is drawn. */
const key = (word: string) => word.normalize('NFC').replace(/[\u200c\u200d]/g, '');

const LOOKUP = new Map<string, string>();
for (const [english, spellings] of Object.entries(WORDS)) {
  for (const spelling of spellings) LOOKUP.set(key(spelling), english);
}
for (const word of DROPPED) LOOKUP.set(key(word), '');

/** "আই৫" is "i5", "আই৭" "i7": the letter read as it is spoken before a digit. */
const LETTERS_BEFORE_DIGIT: Record<string, string> = { [key('আই')]: 'i', [key('এম')]: 'm', [key('জি')]: 'g' };

/** Endings that do not change what is looked for: "ডেলের" (Dell's), "গেমিংয়ের", "ল্যাপটপটি". */
const ENDINGS = ['য়ের', 'য়ের', 'ের', 'এর', 'টি', 'টা', 'র'].map(key);

/** Bangla letters and marks, with the joiners that live inside words; anything else splits them. */
const BANGLA_RUN = /[\u0980-\u09ff\u200c\u200d]+/u;
const PIECES = /[\u0980-\u09ff\u200c\u200d]+|[^\u0980-\u09ff\u200c\u200d]+/gu;

/** The English of a Bangla word, and the Bangla word without its ending ("ডেলের" → dell, ডেল). */
function lookUp(word: string): { english: string; stem: string } | undefined {
  const k = key(word);
  const found = LOOKUP.get(k);
  if (found !== undefined) return { english: found, stem: word };
  for (const ending of ENDINGS) {
    if (k.length > ending.length + 1 && k.endsWith(ending)) {
      const stem = k.slice(0, -ending.length);
      const english = LOOKUP.get(stem);
      if (english) return { english, stem };
    }
  }
  return undefined;
}

/** Letters with a dot below, which keyboards write as one code point or as the letter and the dot. */
const NUKTA_LETTERS: [string, string][] = [
  ['\u09dc', '\u09a1\u09bc'],
  ['\u09dd', '\u09a2\u09bc'],
  ['\u09df', '\u09af\u09bc'],
];

/**
 * The same word as other keyboards write it, for a word kept as typed: র‍্য with its joiner or
 * without, and ড় ঢ় য় as one code point or two. A listing holds the word as its seller's keyboard
 * wrote it, and the database compares code points (docs/search.md#bangla-queries).
 */
function otherSpelling(word: string): string {
  let other = /র[\u200c\u200d]্য/u.test(word)
    ? word.replace(/র[\u200c\u200d]্য/gu, 'র্য')
    : word.replace(/র্য/gu, 'র\u200d্য');
  const composed = NUKTA_LETTERS.some(([one]) => other.includes(one));
  for (const [one, two] of NUKTA_LETTERS) other = composed ? other.replaceAll(one, two) : other.replaceAll(two, one);
  return other;
}

/** "৬০ হাজার" is 60000, "১.৫ লাখ" 150000: prices as people say them. */
const MULTIPLIERS = new Map([
  [key('হাজার'), 1_000],
  [key('হাজারের'), 1_000],
  [key('লাখ'), 100_000],
  [key('লক্ষ'), 100_000],
]);

/**
 * Reads a search text the way an English speaker would have typed it; text without Bangla comes back
 * unchanged. Words of two Bangla parts ("সেকেন্ড হ্যান্ড", "এইচ পি") are read as one.
 */
export function readBanglaQuery(q: string): BanglaReading {
  const banglaOf = new Map<string, string>();
  const pieces = latinDigits(q).match(PIECES) ?? [];
  const out: string[] = [];
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i]!;
    if (!BANGLA_RUN.test(piece)) {
      out.push(piece);
      continue;
    }
    const next = pieces[i + 2];
    const pair = next && /^\s+$/u.test(pieces[i + 1]!) ? LOOKUP.get(key(`${piece} ${next}`)) : undefined;
    if (pair !== undefined) {
      out.push(pair);
      i += 2;
      continue;
    }
    const letter = LETTERS_BEFORE_DIGIT[key(piece)];
    if (letter && /^\d/.test(pieces[i + 1] ?? '')) {
      out.push(letter);
      continue;
    }
    const times = MULTIPLIERS.get(key(piece));
    const number = times ? /(\d+(?:\.\d+)?)\s*$/u.exec(out.at(-1) ?? '') : null;
    if (times && number) {
      out.push(`${out.pop()!.slice(0, number.index)}${Math.round(Number(number[1]) * times)}`);
      continue;
    }
    const found = lookUp(piece);
    if (found === undefined) {
      out.push(piece);
      const other = otherSpelling(piece);
      if (other !== piece && !banglaOf.has(piece)) banglaOf.set(piece, other);
    } else {
      const { english, stem } = found;
      // A known word keeps its Bangla form as a second way to match, for listings written in Bangla.
      if (english && english !== 'gb' && english !== 'tb' && !banglaOf.has(english)) banglaOf.set(english, stem);
      // Separated from what follows, so "ডেল১৫" reads "dell 15" and not "dell15".
      out.push(english === '' ? ' ' : english, english === 'gb' || english === 'tb' ? '' : ' ');
    }
  }
  return { text: out.join('').replace(/\s+/gu, ' ').trim(), banglaOf };
}
