// The Bangla ways of writing prices, counts and dates (docs/decisions/0020): ৳ with Bangla digits
// and South Asian grouping (৳১,০০,০০০), Bangla month names. Written out rather than with
// Intl.NumberFormat('bn-BD') for the reason format.ts gives, and held to Intl's answers by
// format-bn.test.ts. Kept apart from format.ts so that English pages never download it.

const BANGLA_DIGITS = '০১২৩৪৫৬৭৮৯';
const banglaDigits = (text: string) => text.replace(/\d/g, (d) => BANGLA_DIGITS[Number(d)]!);

/** South Asian grouping, as Bangladesh writes it: the last three digits, then pairs (1,00,00,000). */
const groupLakh = (whole: number) => {
  const digits = String(whole);
  if (digits.length <= 3) return digits;
  return `${digits.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',')},${digits.slice(-3)}`;
};

/** A whole number in Bangla digits and grouping: 100000 → '১,০০,০০০'. */
export function formatNumberBn(value: number): string {
  const whole = Math.round(Math.abs(value));
  return `${value < 0 && whole !== 0 ? '-' : ''}${banglaDigits(groupLakh(whole))}`;
}

/** An average of stars to one decimal: 4.3 → '৪.৩', 5 → '৫.০'. */
export function formatRatingBn(value: number): string {
  return banglaDigits(value.toFixed(1));
}

/** 85000 → '৳৮৫,০০০' (docs/product.md#prices). */
export function formatTkBn(amount: number): string {
  const whole = Math.round(Math.abs(amount));
  return `${amount < 0 && whole !== 0 ? '-' : ''}৳${banglaDigits(groupLakh(whole))}`;
}

const BANGLA_MONTHS = [
  'জানুয়ারি',
  'ফেব্রুয়ারি',
  'মার্চ',
  'এপ্রিল',
  'মে',
  'জুন',
  'জুলাই',
  'আগস্ট',
  'সেপ্টেম্বর',
  'অক্টোবর',
  'নভেম্বর',
  'ডিসেম্বর',
] as const;

/** Bangladesh Standard Time, UTC+6 all year (see format.ts). */
const DHAKA_OFFSET_MS = 6 * 60 * 60 * 1000;

/** ISO timestamp → '২২ নভেম্বর, ২০২৬' (Bangladesh time, as Intl's bn-BD writes it). */
export function formatPostDateBn(iso: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  const dhaka = new Date(time + DHAKA_OFFSET_MS);
  const day = banglaDigits(String(dhaka.getUTCDate()));
  return `${day} ${BANGLA_MONTHS[dhaka.getUTCMonth()]}, ${banglaDigits(String(dhaka.getUTCFullYear()))}`;
}
