import type { AddLaptopInput } from '../../shared/laptops.ts';

/**
 * A valid Add A Product body as the web form sends it (strings for numbers, a +880 mobile number),
 * with overrides. Every test that lists a laptop through the API starts from this one.
 */
export function validLaptopBody(overrides: Partial<Record<keyof AddLaptopInput, unknown>> = {}): AddLaptopInput {
  return {
    laptop_name: 'Lenovo ThinkPad T480',
    laptop_img: 'https://images.example.com/t480.jpg',
    category: 'casual',
    resale_price: '32000',
    original_price: 68000,
    conditionType: 'good',
    sellerMobileNumber: '+880 1712-345678',
    location: 'sylhet',
    usage_Time: '3',
    laptopDesc: 'i5-8350U, 16 GB RAM, 256 GB SSD. New battery in 2025.',
    ...overrides,
  } as AddLaptopInput;
}

/** The words of an error answer's fields, by field: what a test compares with the spec's messages. */
export function fieldMessages(fields: Record<string, { message: string }> | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(fields ?? {}).map(([name, field]) => [name, field.message]));
}
