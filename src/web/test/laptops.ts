import type { Laptop } from '../../shared/laptops.ts';

let next = 0;

/** A laptop as the API sends it, with overrides for what a test cares about. */
export function makeLaptop(overrides: Partial<Laptop> = {}): Laptop {
  next += 1;
  return {
    _id: `laptop-${next}`,
    category: 'gaming',
    laptop_img: '/images/laptops/gaming-1.webp',
    laptop_name: `ASUS ROG Strix G15 #${next}`,
    laptopDesc: 'Ryzen 7 4800H, GTX 1650, 16 GB RAM, 512 GB SSD.',
    location: 'dhaka',
    area: null,
    resale_price: 85000,
    original_price: 135000,
    negotiable: false,
    usage_Time: 2,
    post_date: '2026-11-22T04:00:00.000Z',
    seller_name: 'Rahim Computers',
    seller_verified: true,
    seller_id: 'seller-1',
    seller_rating: { average: null, count: 0 },
    conditionType: 'good',
    salesStatus: 'unsold',
    advertise: true,
    booked: false,
    seller_email: 'seller@laptophaat.test',
    sellerMobileNumber: '01711000000',
    brand: 'Asus',
    processor: 'AMD Ryzen 7 4800H',
    ram_gb: 16,
    storage_gb: 512,
    storage_type: 'ssd',
    screen_inches: 15.6,
    gpu: 'NVIDIA GeForce GTX 1650',
    battery_health: 82,
    cover_photo: null,
    ...overrides,
    // Months follow the years unless a test sets them.
    usage_months: overrides.usage_months ?? (overrides.usage_Time ?? 2) * 12,
  };
}
