import type { Category, Condition, Location, ServiceIcon } from '../../../shared/catalog.ts';

/** Demo accounts (README.md#demo-data). Password for all: Demo@1234. */
export interface DemoAccount {
  name: string;
  email: string;
  role: 'buyer' | 'seller' | 'admin';
  verified: boolean;
}

export interface DemoLaptop {
  name: string;
  category: Category;
  /** Path served by the app, e.g. '/images/laptops/gaming-1.svg'. */
  image: string;
  description: string;
  location: Location;
  resalePrice: number;
  originalPrice: number;
  /** Years since purchase. */
  usageYears: number;
  condition: Condition;
  /** E-mail of one of the demo seller accounts. */
  sellerEmail: string;
  /** Bangladeshi mobile, normalised: 01[3-9] + 8 digits. */
  mobile: string;
  advertised: boolean;
  /** How many days before seeding it was posted. */
  daysAgo: number;
}

export interface DemoService {
  name: string;
  description: string;
  icon: ServiceIcon;
}

export interface DemoArticle {
  question: string;
  answer: string;
}
