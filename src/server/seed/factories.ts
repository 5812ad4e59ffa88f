import { randomUUID } from 'node:crypto';
import type { NewLaptopRow } from '../features/laptops/schema.ts';
import type { NewOrderRow } from '../features/orders/schema.ts';
import type { NewUserRow } from '../features/users/schema.ts';
import { newId } from '../platform/db/client.ts';
import { demoLaptops } from './demo-data.ts';

// Factories with overrides, shared by the seed, the API tests and the browser tests' fixtures.
let counter = 0;
const next = () => {
  counter += 1;
  return `${Date.now().toString(36)}${counter}${randomUUID().slice(0, 4)}`;
};

export { newId };

export function makeUser(overrides: Partial<NewUserRow> = {}): NewUserRow & { id: string } {
  const n = next();
  return {
    id: newId(),
    name: `Test User ${n}`,
    email: `user-${n}@example.test`,
    role: 'buyer',
    verified: false,
    ...overrides,
  } as NewUserRow & { id: string };
}

// A laptop field added later gets its value from the first demo laptop: the factory need not change.
const { sellerEmail: _sellerEmail, daysAgo: _daysAgo, ...demoRow } = demoLaptops[0]!;

export function makeLaptop(
  overrides: Partial<NewLaptopRow> & Pick<NewLaptopRow, 'sellerId'>,
): NewLaptopRow & { id: string } {
  const n = next();
  return {
    ...demoRow,
    id: newId(),
    category: 'casual',
    name: `Test Laptop ${n}`,
    imageUrl: '/images/laptops/casual-1.webp',
    description: 'A well kept laptop with its charger. Battery holds four hours.',
    location: 'dhaka',
    area: null,
    negotiable: false,
    resalePrice: 35_000,
    originalPrice: 60_000,
    usageYears: 2,
    condition: 'good',
    sellerMobile: '01712345678',
    salesStatus: 'unsold',
    advertised: false,
    booked: false,
    ...overrides,
    // Months follow the years unless a test sets them.
    usageMonths: overrides.usageMonths ?? (overrides.usageYears ?? 2) * 12,
  } as NewLaptopRow & { id: string };
}

export function makeOrder(
  overrides: Partial<NewOrderRow> & Pick<NewOrderRow, 'buyerId' | 'laptopId' | 'sellerId'>,
): NewOrderRow & { id: string } {
  return {
    id: newId(),
    buyerPhone: '01812345678',
    meetingAddress: 'Bashundhara City, Panthapath, Dhaka',
    laptopName: 'Test Laptop',
    laptopImage: '/images/laptops/casual-1.webp',
    resalePrice: 35_000,
    paymentStatus: false,
    ...overrides,
  } as NewOrderRow & { id: string };
}
