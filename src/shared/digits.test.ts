import { describe, expect, it } from 'vitest';
import { latinDigits, parseTypedNumber } from './digits.ts';
import { addLaptopSchema, productUpdateSchema } from './laptops.ts';
import { laptopSearchQuerySchema } from './search.ts';

describe('numbers as people type them', () => {
  it('reads Bangla digits as Latin ones and leaves everything else', () => {
    expect(latinDigits('০১২৩৪৫৬৭৮৯')).toBe('0123456789');
    expect(latinDigits('৳৮৫,০০০ Tk')).toBe('৳85,000 Tk');
  });

  it.each([
    ['85000', 85000],
    ['৮৫০০০', 85000],
    [' ৮৫,০০০ ', 85000],
    ['1,00,000', 100000],
    ['১,০০,০০০', 100000],
    ['100,000', 100000],
    ['15.6', 15.6],
    ['১৫.৬', 15.6],
    ['-3', -3],
  ])('reads %j as %d', (input, expected) => expect(parseTypedNumber(input)).toBe(expected));

  it.each(['', 'abc', '1,0', '12,34567', '1,,000', '৮৫k', '1e3'])('leaves %j for the schema to refuse', (input) =>
    expect(parseTypedNumber(input)).toBe(input),
  );

  it('lets a seller type prices, years and specs in Bangla digits', () => {
    const parsed = addLaptopSchema.safeParse({
      laptop_name: 'Lenovo ThinkPad T480',
      laptop_img: 'https://images.example.com/t480.jpg',
      category: 'casual',
      resale_price: '৩২,০০০',
      original_price: '৬৮০০০',
      conditionType: 'good',
      sellerMobileNumber: '০১৭১২৩৪৫৬৭৮',
      location: 'dhaka',
      usage_Time: '৩',
      laptopDesc: 'i5-8350U, 16 GB RAM, 256 GB SSD.',
      seller_email: 'seller@laptophaat.test',
      storage_gb: '৫১২',
      screen_inches: '১৪.০',
      battery_health: '৮৫',
    });
    expect(parsed.error?.issues).toBeUndefined();
    expect(parsed.data).toMatchObject({
      resale_price: 32000,
      original_price: 68000,
      usage_Time: 3,
      sellerMobileNumber: '01712345678',
      storage_gb: 512,
      screen_inches: 14,
      battery_health: 85,
    });
    expect(productUpdateSchema.parse({ resale_price: '২৮,৫০০' })).toEqual({ resale_price: 28500 });
  });

  it('reads a search budget in Bangla digits, and still names a bad one', () => {
    expect(laptopSearchQuerySchema.parse({ minPrice: '২০,০০০', maxPrice: '৫০০০০' })).toMatchObject({
      minPrice: 20000,
      maxPrice: 50000,
    });
    const bad = laptopSearchQuerySchema.safeParse({ minPrice: 'cheap' });
    expect(bad.error?.issues[0]?.path).toEqual(['minPrice']);
  });
});
