import type { ServiceIcon } from '../../../shared/catalog.ts';
import type { NewLaptopRow } from '../schema/laptops.ts';

/** Demo accounts (README.md#demo-data). Password for all: Demo@1234. */
export interface DemoAccount {
  name: string;
  email: string;
  role: 'buyer' | 'seller' | 'admin';
  verified: boolean;
}

/**
 * A demo laptop: its table row (one name per field: the column's), less what the seed sets, plus
 * its seller's e-mail and how many days before seeding it was posted.
 */
export type DemoLaptop = Omit<NewLaptopRow, 'id' | 'sellerId' | 'postedAt' | 'salesStatus' | 'booked'> & {
  /** E-mail of one of the demo seller accounts. */
  sellerEmail: string;
  daysAgo: number;
};

export interface DemoService {
  name: string;
  description: string;
  icon: ServiceIcon;
}

export interface DemoArticle {
  question: string;
  answer: string;
}
