import type { ServiceIcon } from '../../shared/catalog.ts';
import type { NewLaptopRow } from '../features/laptops/schema.ts';

/** Demo accounts (README.md#demo-data). Password for all: Demo@1234. */
export interface DemoAccount {
  name: string;
  email: string;
  role: 'buyer' | 'seller' | 'admin';
  verified: boolean;
  /** The mobile number the account has verified by SMS (docs/product.md#phone-verification), local form. */
  phone: string;
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

/** A service on the home page, in English (the spec's) and in Bangla (docs/i18n.md). */
export interface DemoService {
  name: string;
  description: string;
  nameBn: string;
  descriptionBn: string;
  icon: ServiceIcon;
}

/** A blog article, in English (the spec's) and in Bangla (docs/i18n.md). */
export interface DemoArticle {
  question: string;
  answer: string;
  questionBn: string;
  answerBn: string;
}

// Demo data for SEED=demo on an empty database (README.md#demo-data). Images are bundled in
// public/images.

export const DEMO_PASSWORD = 'Demo@1234';

export const demoAccounts: DemoAccount[] = [
  { name: 'Haat Admin', email: 'admin@laptophaat.test', role: 'admin', verified: false, phone: '01550000001' },
  { name: 'Rahim Computers', email: 'seller@laptophaat.test', role: 'seller', verified: true, phone: '01712345678' },
  { name: 'Nusrat Jahan', email: 'newseller@laptophaat.test', role: 'seller', verified: false, phone: '01819876543' },
  { name: 'Tanvir Ahmed', email: 'buyer@laptophaat.test', role: 'buyer', verified: false, phone: '01911223344' },
];

export const demoLaptops: DemoLaptop[] = [
  {
    name: 'HP Pavilion 15 (2021)',
    category: 'casual',
    imageUrl: '/images/laptops/casual-1.webp',
    description:
      'Core i5-1135G7, 8 GB DDR4 RAM, 512 GB NVMe SSD, 15.6-inch FHD IPS display with Iris Xe graphics. Battery ' +
      'health 84% and gives about 4 hours of office work. Bought from Ryans Computers in Dhaka with the bill and ' +
      'box. Small scratch on the lid, keyboard and screen are spotless. Selling because my office gave me a new ' +
      'laptop. Price slightly negotiable after seeing.',
    location: 'dhaka',
    area: 'Mirpur 10',
    resalePrice: 42_000,
    originalPrice: 72_000,
    negotiable: true,
    usageYears: 2,
    condition: 'good',
    brand: 'HP',
    processor: 'Intel Core i5-1135G7',
    ramGb: 8,
    storageGb: 512,
    storageType: 'ssd',
    screenInches: 15.6,
    gpu: 'Intel Iris Xe',
    batteryHealth: 84,
    sellerEmail: 'seller@laptophaat.test',
    sellerMobile: '01712345678',
    advertised: true,
    daysAgo: 3,
  },
  {
    name: 'Lenovo IdeaPad Slim 3 15ALC6',
    category: 'casual',
    imageUrl: '/images/laptops/casual-2.webp',
    description:
      'Ryzen 5 5500U, 8 GB RAM, 256 GB SSD, 15.6-inch FHD. Used for one semester of online classes, battery health ' +
      '95%. Full box, charger and warranty card included.',
    location: 'chattogram',
    area: 'Agrabad',
    resalePrice: 38_500,
    originalPrice: 58_000,
    usageYears: 1,
    condition: 'excellent',
    brand: 'Lenovo',
    processor: 'AMD Ryzen 5 5500U',
    ramGb: 8,
    storageGb: 256,
    storageType: 'ssd',
    screenInches: 15.6,
    gpu: 'AMD Radeon (integrated)',
    batteryHealth: 95,
    sellerEmail: 'newseller@laptophaat.test',
    sellerMobile: '01819876543',
    advertised: true,
    daysAgo: 6,
  },
  {
    name: 'ASUS VivoBook 15 X515EA',
    category: 'casual',
    imageUrl: '/images/laptops/casual-3.webp',
    description:
      'Core i3-1115G4, 8 GB RAM (upgraded from 4 GB), 256 GB SSD, 15.6-inch FHD. Good for students and browsing. ' +
      'Battery backup around 3 hours.',
    location: 'rajshahi',
    area: 'Shaheb Bazar',
    resalePrice: 29_000,
    originalPrice: 47_500,
    usageYears: 2,
    condition: 'good',
    brand: 'Asus',
    processor: 'Intel Core i3-1115G4',
    ramGb: 8,
    storageGb: 256,
    storageType: 'ssd',
    screenInches: 15.6,
    gpu: 'Intel UHD',
    batteryHealth: null,
    sellerEmail: 'seller@laptophaat.test',
    sellerMobile: '01712345678',
    advertised: false,
    daysAgo: 12,
  },
  {
    name: 'Dell Inspiron 15 3511',
    category: 'casual',
    imageUrl: '/images/laptops/casual-1.webp',
    description:
      'Core i5-1135G7, 8 GB DDR4, 512 GB SSD, 15.6-inch FHD anti-glare display, Windows 11 original licence. Battery ' +
      'health 90% according to the Dell power report, about 5 hours on Wi-Fi. Bought from the Dell brand shop at ' +
      'Multiplan Center, 2 months of official warranty still left. No dents, no dead pixels, every port works. ' +
      'Selling because I am moving to Canada for my Masters. Charger, box and the purchase receipt will be handed ' +
      'over.',
    location: 'sylhet',
    area: 'Zindabazar',
    resalePrice: 45_000,
    originalPrice: 68_000,
    negotiable: true,
    usageYears: 1,
    condition: 'excellent',
    brand: 'Dell',
    processor: 'Intel Core i5-1135G7',
    ramGb: 8,
    storageGb: 512,
    storageType: 'ssd',
    screenInches: 15.6,
    gpu: 'Intel Iris Xe',
    batteryHealth: 90,
    sellerEmail: 'seller@laptophaat.test',
    sellerMobile: '01712345678',
    advertised: false,
    daysAgo: 20,
  },
  {
    name: 'Acer Aspire 5 A515-56',
    category: 'casual',
    imageUrl: '/images/laptops/casual-2.webp',
    description:
      'Core i5-1135G7, 8 GB RAM, 512 GB SSD, backlit keyboard, fingerprint reader. Battery 82%. Light use at home, ' +
      'always kept with a keyboard cover.',
    location: 'khulna',
    area: 'Sonadanga',
    resalePrice: 40_000,
    originalPrice: 65_000,
    usageYears: 2,
    condition: 'good',
    brand: 'Acer',
    processor: 'Intel Core i5-1135G7',
    ramGb: 8,
    storageGb: 512,
    storageType: 'ssd',
    screenInches: 15.6,
    gpu: 'Intel Iris Xe',
    batteryHealth: 82,
    sellerEmail: 'seller@laptophaat.test',
    sellerMobile: '01712345678',
    advertised: false,
    daysAgo: 9,
  },
  {
    name: 'HP 250 G8',
    category: 'casual',
    imageUrl: '/images/laptops/casual-3.webp',
    description:
      'Core i3-1005G1, 8 GB RAM, 256 GB SSD, 15.6-inch HD screen. Battery holds about 1.5 hours so it is best used ' +
      'plugged in. Some wear on the palm rest and two keys are slightly shiny, but it runs Office, Zoom and Chrome ' +
      'smoothly. A good cheap laptop for a first-year student or a shop counter. Selling to buy a desktop.',
    location: 'barishal',
    area: 'Nathullabad',
    resalePrice: 25_500,
    originalPrice: 43_000,
    usageYears: 4,
    condition: 'fair',
    brand: 'HP',
    processor: 'Intel Core i3-1005G1',
    ramGb: 8,
    storageGb: 256,
    storageType: 'ssd',
    screenInches: 15.6,
    gpu: 'Intel UHD',
    batteryHealth: null,
    sellerEmail: 'newseller@laptophaat.test',
    sellerMobile: '01819876543',
    advertised: false,
    daysAgo: 33,
  },
  {
    name: 'Dell Latitude 5400',
    category: 'casual',
    imageUrl: '/images/laptops/casual-1.webp',
    description: 'Business laptop, Core i5-8365U, 16 GB RAM, 256 GB SSD, 14-inch FHD. Tough build.',
    location: 'mymensingh',
    area: 'Ganginarpar',
    resalePrice: 31_000,
    originalPrice: 85_000,
    negotiable: true,
    usageYears: 5,
    condition: 'fair',
    brand: 'Dell',
    processor: 'Intel Core i5-8365U',
    ramGb: 16,
    storageGb: 256,
    storageType: 'ssd',
    screenInches: 14.0,
    gpu: null,
    batteryHealth: null,
    sellerEmail: 'seller@laptophaat.test',
    sellerMobile: '01712345678',
    advertised: false,
    daysAgo: 47,
  },
  {
    name: 'ASUS ROG Strix G15 G513IH',
    category: 'gaming',
    imageUrl: '/images/laptops/gaming-1.webp',
    description:
      'Ryzen 7 4800H, GTX 1650 4 GB, 16 GB RAM (2 x 8 GB), 512 GB NVMe SSD, 15.6-inch 144 Hz display, RGB keyboard. ' +
      'Runs Valorant at 140+ FPS and GTA V on high settings. Thermal paste was changed last month at IDB Bhaban, ' +
      'temperatures stay under 85 C while gaming. Battery health 79%. Comes with the original 200 W charger. Selling ' +
      'because I am upgrading to an RTX 4060 laptop.',
    location: 'dhaka',
    area: 'Dhanmondi',
    resalePrice: 98_000,
    originalPrice: 135_000,
    usageYears: 2,
    condition: 'good',
    brand: 'Asus',
    processor: 'AMD Ryzen 7 4800H',
    ramGb: 16,
    storageGb: 512,
    storageType: 'ssd',
    screenInches: 15.6,
    gpu: 'NVIDIA GeForce GTX 1650 4 GB',
    batteryHealth: null,
    sellerEmail: 'seller@laptophaat.test',
    sellerMobile: '01712345678',
    advertised: true,
    daysAgo: 2,
  },
  {
    name: 'Lenovo Legion 5 15ACH6H',
    category: 'gaming',
    imageUrl: '/images/laptops/gaming-2.webp',
    description:
      'Ryzen 7 5800H, RTX 3060 6 GB (130 W), 16 GB RAM, 1 TB SSD, 165 Hz QHD display. Bought from Star Tech, 10 ' +
      'months of warranty left. Never opened, never repaired, battery 93%. Perfect for gaming, video editing and 3D ' +
      'work.',
    location: 'chattogram',
    area: 'GEC Circle',
    resalePrice: 135_000,
    originalPrice: 182_000,
    usageYears: 1,
    condition: 'excellent',
    brand: 'Lenovo',
    processor: 'AMD Ryzen 7 5800H',
    ramGb: 16,
    storageGb: 1024,
    storageType: 'ssd',
    screenInches: 15.6,
    gpu: 'NVIDIA GeForce RTX 3060 6 GB',
    batteryHealth: null,
    sellerEmail: 'seller@laptophaat.test',
    sellerMobile: '01712345678',
    advertised: true,
    daysAgo: 5,
  },
  {
    name: 'MSI GF63 Thin 10SC',
    category: 'gaming',
    imageUrl: '/images/laptops/gaming-3.webp',
    description:
      'Core i5-10500H, GTX 1650 Max-Q, 8 GB RAM, 512 GB SSD, 144 Hz screen. Battery weak (about 1 hour). Hinge on ' +
      'the left is a bit loose but holds the screen.',
    location: 'rangpur',
    area: 'Jahaj Company More',
    resalePrice: 68_000,
    originalPrice: 95_000,
    usageYears: 3,
    condition: 'fair',
    brand: 'MSI',
    processor: 'Intel Core i5-10500H',
    ramGb: 8,
    storageGb: 512,
    storageType: 'ssd',
    screenInches: 15.6,
    gpu: 'NVIDIA GeForce GTX 1650 Max-Q',
    batteryHealth: null,
    sellerEmail: 'newseller@laptophaat.test',
    sellerMobile: '01819876543',
    advertised: false,
    daysAgo: 15,
  },
  {
    name: 'Acer Nitro 5 AN515-57',
    category: 'gaming',
    imageUrl: '/images/laptops/gaming-1.webp',
    description:
      'Core i5-11400H, RTX 3050 4 GB, 16 GB RAM, 512 GB SSD, 144 Hz FHD. Red backlit keyboard, all keys fine. ' +
      'Cleaned and serviced every 6 months.',
    location: 'khulna',
    area: 'Boyra',
    resalePrice: 82_000,
    originalPrice: 115_000,
    usageYears: 2,
    condition: 'good',
    brand: 'Acer',
    processor: 'Intel Core i5-11400H',
    ramGb: 16,
    storageGb: 512,
    storageType: 'ssd',
    screenInches: 15.6,
    gpu: 'NVIDIA GeForce RTX 3050 4 GB',
    batteryHealth: null,
    sellerEmail: 'newseller@laptophaat.test',
    sellerMobile: '01819876543',
    advertised: false,
    daysAgo: 27,
  },
  {
    name: 'HP Victus 16 (2021)',
    category: 'gaming',
    imageUrl: '/images/laptops/gaming-2.webp',
    description:
      'Ryzen 5 5600H, RTX 3050 Ti 4 GB, 16 GB RAM, 512 GB SSD, 16.1-inch 144 Hz display. Very light use, mostly for ' +
      'Premiere Pro and some football games on weekends. Battery health 96%, screen and body like new, always kept ' +
      'in a sleeve. Box, charger and bill from Ryans Computers available. Reason for selling: I need a lighter ' +
      'laptop for travelling between Sylhet and Dhaka.',
    location: 'sylhet',
    area: 'Amberkhana',
    resalePrice: 92_000,
    originalPrice: 128_000,
    usageYears: 1,
    condition: 'excellent',
    brand: 'HP',
    processor: 'AMD Ryzen 5 5600H',
    ramGb: 16,
    storageGb: 512,
    storageType: 'ssd',
    screenInches: 16.1,
    gpu: 'NVIDIA GeForce RTX 3050 Ti 4 GB',
    batteryHealth: null,
    sellerEmail: 'seller@laptophaat.test',
    sellerMobile: '01712345678',
    advertised: false,
    daysAgo: 8,
  },
  {
    name: 'Dell G15 5511',
    category: 'gaming',
    imageUrl: '/images/laptops/gaming-3.webp',
    description:
      'Core i7-11800H, RTX 3060 6 GB, 16 GB RAM, 512 GB SSD plus 1 TB HDD added, 120 Hz display. Battery health 81%. ' +
      'Minor scratches on the bottom panel.',
    location: 'barishal',
    area: 'Band Road',
    resalePrice: 118_000,
    originalPrice: 170_000,
    usageYears: 2,
    condition: 'good',
    brand: 'Dell',
    processor: 'Intel Core i7-11800H',
    ramGb: 16,
    storageGb: 512,
    storageType: 'ssd',
    screenInches: 15.6,
    gpu: 'NVIDIA GeForce RTX 3060 6 GB',
    batteryHealth: 81,
    sellerEmail: 'seller@laptophaat.test',
    sellerMobile: '01712345678',
    advertised: false,
    daysAgo: 40,
  },
  {
    name: 'ASUS TUF Gaming F15 FX506LH',
    category: 'gaming',
    imageUrl: '/images/laptops/gaming-1.webp',
    description:
      'Core i5-10300H, GTX 1650 4 GB, 8 GB RAM, 512 GB SSD, 144 Hz. Used for four years of gaming and freelancing, ' +
      'so there is visible wear on the WASD keys and the lid. Fans were replaced in 2023 and it still runs PUBG and ' +
      'Free Fire emulator without problems. Battery lasts about 1 hour. Good value for someone starting esports on a ' +
      'budget.',
    location: 'mymensingh',
    area: 'Charpara',
    resalePrice: 66_000,
    originalPrice: 88_000,
    usageYears: 4,
    condition: 'fair',
    brand: 'Asus',
    processor: 'Intel Core i5-10300H',
    ramGb: 8,
    storageGb: 512,
    storageType: 'ssd',
    screenInches: 15.6,
    gpu: 'NVIDIA GeForce GTX 1650 4 GB',
    batteryHealth: null,
    sellerEmail: 'seller@laptophaat.test',
    sellerMobile: '01712345678',
    advertised: false,
    daysAgo: 55,
  },
  {
    name: 'Apple MacBook Air M1 (2020)',
    category: 'premium',
    imageUrl: '/images/laptops/premium-1.webp',
    description:
      'Apple M1, 8 GB unified memory, 256 GB SSD, 13.3-inch Retina, Space Grey. Battery health 91% with 180 cycles, ' +
      'easily lasts a full day. Bought from Apple Gadgets in Bashundhara City. No scratches, used with a case and ' +
      'screen protector from day one. Selling because I switched to a company MacBook Pro. Original box and charger ' +
      'included, iCloud already removed.',
    location: 'dhaka',
    area: 'Uttara Sector 7',
    resalePrice: 78_000,
    originalPrice: 115_000,
    usageYears: 2,
    condition: 'excellent',
    brand: 'Apple',
    processor: 'Apple M1',
    ramGb: 8,
    storageGb: 256,
    storageType: 'ssd',
    screenInches: 13.3,
    gpu: 'Apple M1 7-core',
    batteryHealth: 91,
    sellerEmail: 'seller@laptophaat.test',
    sellerMobile: '01712345678',
    advertised: true,
    daysAgo: 1,
  },
  {
    name: 'Apple MacBook Pro 14 M1 Pro',
    category: 'premium',
    imageUrl: '/images/laptops/premium-2.webp',
    description:
      'M1 Pro 10-core CPU, 16-core GPU, 16 GB RAM, 512 GB SSD, 14.2-inch Liquid Retina XDR. Battery 88%, 240 cycles. ' +
      'Used by a video editor, handled with care.',
    location: 'chattogram',
    area: 'Nasirabad',
    resalePrice: 185_000,
    originalPrice: 265_000,
    usageYears: 2,
    condition: 'excellent',
    brand: 'Apple',
    processor: 'Apple M1 Pro 10-core',
    ramGb: 16,
    storageGb: 512,
    storageType: 'ssd',
    screenInches: 14.2,
    gpu: 'Apple M1 Pro 16-core',
    batteryHealth: 88,
    sellerEmail: 'seller@laptophaat.test',
    sellerMobile: '01712345678',
    advertised: false,
    daysAgo: 11,
  },
  {
    name: 'Dell XPS 13 9310',
    category: 'premium',
    imageUrl: '/images/laptops/premium-3.webp',
    description:
      'Core i7-1165G7, 16 GB LPDDR4x, 512 GB SSD, 13.4-inch FHD+ display, Thunderbolt 4. Aluminium and carbon fibre ' +
      'body in very good shape, battery health 83% (about 7 hours of browsing). The USB-C charger is a genuine Dell ' +
      '45 W. A tiny mark near the trackpad is the only flaw. Selling as I now work from a desktop at home.',
    location: 'sylhet',
    area: 'Zindabazar',
    resalePrice: 105_000,
    originalPrice: 175_000,
    usageYears: 3,
    condition: 'good',
    brand: 'Dell',
    processor: 'Intel Core i7-1165G7',
    ramGb: 16,
    storageGb: 512,
    storageType: 'ssd',
    screenInches: 13.4,
    gpu: 'Intel Iris Xe',
    batteryHealth: null,
    sellerEmail: 'seller@laptophaat.test',
    sellerMobile: '01712345678',
    advertised: false,
    daysAgo: 18,
  },
  {
    name: 'HP Spectre x360 14',
    category: 'premium',
    imageUrl: '/images/laptops/premium-1.webp',
    description:
      'Core i7-1165G7, 16 GB RAM, 1 TB SSD, 13.5-inch 3K2K OLED touch screen, pen included. Battery 85%. Converts to ' +
      'tablet, great for note taking.',
    location: 'khulna',
    area: 'Sonadanga',
    resalePrice: 120_000,
    originalPrice: 195_000,
    usageYears: 2,
    condition: 'good',
    brand: 'HP',
    processor: 'Intel Core i7-1165G7',
    ramGb: 16,
    storageGb: 1024,
    storageType: 'ssd',
    screenInches: 13.5,
    gpu: 'Intel Iris Xe',
    batteryHealth: 85,
    sellerEmail: 'seller@laptophaat.test',
    sellerMobile: '01712345678',
    advertised: false,
    daysAgo: 24,
  },
  {
    name: 'Lenovo ThinkPad X1 Carbon Gen 9',
    category: 'premium',
    imageUrl: '/images/laptops/premium-2.webp',
    description:
      'Core i7-1165G7, 16 GB RAM, 512 GB SSD, 14-inch WUXGA, 4G LTE slot, fingerprint and IR camera. Only 1.13 kg. ' +
      'Corporate-used unit with a clean body, battery health 78%.',
    location: 'rajshahi',
    area: 'Uposhohor',
    resalePrice: 110_000,
    originalPrice: 210_000,
    usageYears: 3,
    condition: 'good',
    brand: 'Lenovo',
    processor: 'Intel Core i7-1165G7',
    ramGb: 16,
    storageGb: 512,
    storageType: 'ssd',
    screenInches: 14.0,
    gpu: 'Intel Iris Xe',
    batteryHealth: null,
    sellerEmail: 'seller@laptophaat.test',
    sellerMobile: '01712345678',
    advertised: false,
    daysAgo: 36,
  },
  {
    name: 'ASUS Zenbook 14 OLED UX3402ZA',
    category: 'premium',
    imageUrl: '/images/laptops/premium-3.webp',
    description:
      'Core i5-1240P, 16 GB RAM, 512 GB SSD, 14-inch 2.8K 90 Hz OLED. Bought 7 months ago, like new, battery 99%. ' +
      'Warranty until next year.',
    location: 'rangpur',
    area: 'Dhap',
    resalePrice: 88_000,
    originalPrice: 118_000,
    usageYears: 0,
    condition: 'excellent',
    brand: 'Asus',
    processor: 'Intel Core i5-1240P',
    ramGb: 16,
    storageGb: 512,
    storageType: 'ssd',
    screenInches: 14.0,
    gpu: 'Intel Iris Xe',
    batteryHealth: 99,
    sellerEmail: 'seller@laptophaat.test',
    sellerMobile: '01712345678',
    advertised: false,
    daysAgo: 0,
  },
  {
    name: 'Microsoft Surface Laptop 4 (13.5-inch)',
    category: 'premium',
    imageUrl: '/images/laptops/premium-1.webp',
    description:
      'Core i5-1135G7, 8 GB RAM, 512 GB SSD, 13.5-inch PixelSense touch display, Platinum Alcantara keyboard. ' +
      'Brought from the USA by a relative, so there is no local warranty. The Alcantara has some marks and the ' +
      'battery is at 76%, roughly 5 hours of use. Screen is perfect. Charger is the original Surface Connect one. ' +
      'Price is fixed, serious buyers only please.',
    location: 'mymensingh',
    area: 'Ganginarpar',
    resalePrice: 72_000,
    originalPrice: 135_000,
    usageYears: 3,
    condition: 'fair',
    brand: 'Microsoft',
    processor: 'Intel Core i5-1135G7',
    ramGb: 8,
    storageGb: 512,
    storageType: 'ssd',
    screenInches: 13.5,
    gpu: 'Intel Iris Xe',
    batteryHealth: null,
    sellerEmail: 'newseller@laptophaat.test',
    sellerMobile: '01819876543',
    advertised: true,
    daysAgo: 14,
  },
];

export const demoServices: DemoService[] = [
  {
    name: 'Trusted Community',
    description:
      'Students, freelancers and professionals from all eight divisions buy and sell used laptops here. Every ' +
      'listing shows the seller, the location and an honest condition rating.',
    nameBn: 'বিশ্বস্ত কমিউনিটি',
    descriptionBn:
      'সারা দেশের আটটি বিভাগের শিক্ষার্থী, ফ্রিল্যান্সার ও চাকরিজীবীরা এখানে পুরোনো ল্যাপটপ কেনাবেচা করেন। ' +
      'প্রতিটি বিজ্ঞাপনে বিক্রেতার পরিচয়, এলাকা আর ল্যাপটপের অবস্থার সৎ মূল্যায়ন দেওয়া থাকে।',
    icon: 'RiTeamFill',
  },
  {
    name: '24/7 Support',
    description:
      'Stuck with a listing, a booking or a suspicious offer? Our support team answers day and night, in Bangla or ' +
      'English.',
    nameBn: '২৪/৭ সহায়তা',
    descriptionBn:
      'বিজ্ঞাপন, বুকিং বা সন্দেহজনক কোনো অফার নিয়ে সমস্যায় পড়েছেন? আমাদের সাপোর্ট টিম দিনরাত বাংলা বা ' +
      'ইংরেজিতে আপনার প্রশ্নের উত্তর দেয়।',
    icon: 'BiSupport',
  },
  {
    name: 'Verified Sellers',
    description:
      'Sellers with the blue tick have had their identity and phone number checked by our team, so you know who you ' +
      'are dealing with.',
    nameBn: 'যাচাইকৃত বিক্রেতা',
    descriptionBn:
      'নীল টিক চিহ্ন থাকা বিক্রেতাদের পরিচয় ও ফোন নম্বর আমাদের টিম যাচাই করেছে, তাই আপনি জানেন কার সঙ্গে ' + 'লেনদেন করছেন।',
    icon: 'BsPatchCheckFill',
  },
  {
    name: 'Safe Meetups & Delivery',
    description:
      'Meet in a busy public place to inspect the laptop before you pay, or use a trusted courier with cash on ' +
      'delivery when buying from another city.',
    nameBn: 'নিরাপদ সাক্ষাৎ ও ডেলিভারি',
    descriptionBn:
      'টাকা দেওয়ার আগে ল্যাপটপটি নিজে দেখে নিতে জনবহুল কোনো প্রকাশ্য জায়গায় বিক্রেতার সঙ্গে দেখা করুন, আর ' +
      'অন্য শহর থেকে কিনলে বিশ্বস্ত কুরিয়ারের ক্যাশ অন ডেলিভারি ব্যবহার করুন।',
    icon: 'FaTruckMoving',
  },
];

export const demoArticles: DemoArticle[] = [
  {
    question: 'How do I check a used laptop before I pay?',
    answer:
      'Start by looking over the body for cracks, dents and loose hinges, then open the lid and check the screen on ' +
      'a plain white and a plain black background for dead pixels or bright spots. Type on every key, test the ' +
      'touchpad, both USB ports, the charging port, Wi-Fi, speakers and the webcam. Open the system information page ' +
      'to confirm the processor, RAM and storage match the listing. Run the laptop on battery for a few minutes and ' +
      'ask to see the charger and, if possible, the purchase bill. Only pay once you are happy with everything you ' +
      'have seen.',
    questionBn: 'টাকা দেওয়ার আগে পুরোনো ল্যাপটপ কীভাবে যাচাই করবেন?',
    answerBn:
      'প্রথমে ল্যাপটপের বডিতে কোনো ফাটল, টোল বা ঢিলে কবজা আছে কি না দেখে নিন। এরপর ল্যাপটপটি খুলে পুরো সাদা ' +
      'ও পুরো কালো ব্যাকগ্রাউন্ডে স্ক্রিনে কোনো ডেড পিক্সেল বা উজ্জ্বল দাগ আছে কি না দেখুন। প্রতিটি কী চেপে দেখুন, ' +
      'আর টাচপ্যাড, দুটি ইউএসবি পোর্ট, চার্জিং পোর্ট, ওয়াই-ফাই, স্পিকার ও ওয়েবক্যাম পরীক্ষা করুন। সিস্টেম ' +
      'ইনফরমেশন খুলে মিলিয়ে নিন প্রসেসর, র‍্যাম ও স্টোরেজ বিজ্ঞাপনের সঙ্গে মিলছে কি না। কয়েক মিনিট ব্যাটারিতে ' +
      'চালিয়ে দেখুন, আর চার্জার এবং সম্ভব হলে কেনার রসিদটি দেখাতে বলুন। যা যা দেখলেন তার সবকিছুতে সন্তুষ্ট হলে ' +
      'তবেই টাকা দিন।',
  },
  {
    question: 'What does a verified seller mean on Laptop Haat?',
    answer:
      'A verified seller is someone whose identity and mobile number our admin team has checked. Their name shows a ' +
      'blue tick on every listing they post. Verification tells you who you are dealing with, but it is not a ' +
      'guarantee of the laptop itself, so you should still inspect the laptop before paying. New sellers can ask for ' +
      'verification once they have listed a few laptops honestly.',
    questionBn: 'Laptop Haat-এ যাচাইকৃত বিক্রেতা মানে কী?',
    answerBn:
      'যাচাইকৃত বিক্রেতা হলেন এমন কেউ, যাঁর পরিচয় ও মোবাইল নম্বর আমাদের অ্যাডমিন টিম যাচাই করেছে। তাঁর দেওয়া ' +
      'প্রতিটি বিজ্ঞাপনে নামের পাশে একটি নীল টিক দেখা যায়। যাচাই থেকে আপনি জানতে পারেন কার সঙ্গে লেনদেন করছেন, ' +
      'কিন্তু এটি ল্যাপটপের মানের নিশ্চয়তা নয়; তাই টাকা দেওয়ার আগে ল্যাপটপটি অবশ্যই নিজে পরীক্ষা করে নিন। ' +
      'নতুন বিক্রেতারা সততার সঙ্গে কয়েকটি ল্যাপটপের বিজ্ঞাপন দেওয়ার পর যাচাইয়ের জন্য আবেদন করতে পারেন।',
  },
  {
    question: 'How do I check battery health on Windows and macOS?',
    answer:
      'On Windows, open Command Prompt and run powercfg /batteryreport, then open the battery-report.html file it ' +
      'creates. Compare the full charge capacity with the design capacity: the closer they are, the healthier the ' +
      'battery. On a Mac, hold the Option key and click the Apple menu, choose System Information and open Power to ' +
      'see the cycle count and condition. Anything above 80% of the design capacity is usually fine for a used ' +
      'laptop.',
    questionBn: 'উইন্ডোজ ও ম্যাকওএসে ব্যাটারির অবস্থা কীভাবে দেখবেন?',
    answerBn:
      'উইন্ডোজে কমান্ড প্রম্পট খুলে powercfg /batteryreport লিখে এন্টার চাপুন। কমান্ডটি একটি ব্যাটারি রিপোর্ট ' +
      'ফাইল তৈরি করে কোথায় সেভ হলো তা দেখায়; ফাইলটি ব্রাউজারে খুলুন। ফুল চার্জ ক্যাপাসিটির সঙ্গে ডিজাইন ' +
      'ক্যাপাসিটি মিলিয়ে দেখুন: দুটি যত কাছাকাছি, ব্যাটারি তত ভালো। ম্যাকে অপশন কী চেপে ধরে Apple মেনুতে ' +
      'ক্লিক করুন, সিস্টেম ইনফরমেশন বেছে নিন এবং পাওয়ার অংশে সাইকেল কাউন্ট ও কন্ডিশন দেখুন। পুরোনো ল্যাপটপে ' +
      'ডিজাইন ক্যাপাসিটির ৮০%-এর বেশি থাকলে সাধারণত কোনো সমস্যা নেই।',
  },
  {
    question: 'Is it safe to pay in advance?',
    answer:
      'No. Never send money through bKash, Nagad or a bank transfer before you have seen the laptop in person. Meet ' +
      'the seller in a busy public place such as a shopping mall or a computer market, inspect the laptop carefully ' +
      'and only then pay. If a seller insists on an advance payment or a booking fee, treat it as a warning sign and ' +
      'report the listing to us.',
    questionBn: 'অগ্রিম টাকা দেওয়া কি নিরাপদ?',
    answerBn:
      'না। ল্যাপটপটি নিজের চোখে দেখার আগে কখনোই bKash, Nagad বা ব্যাংক ট্রান্সফারে টাকা পাঠাবেন না। শপিং মল ' +
      'বা কম্পিউটার মার্কেটের মতো জনবহুল কোনো জায়গায় বিক্রেতার সঙ্গে দেখা করুন, ল্যাপটপটি ভালোভাবে পরীক্ষা ' +
      'করুন, তারপরই টাকা দিন। কোনো বিক্রেতা অগ্রিম টাকা বা বুকিং ফির জন্য চাপ দিলে সেটিকে সতর্কসংকেত হিসেবে ' +
      'ধরুন এবং বিজ্ঞাপনটি আমাদের কাছে রিপোর্ট করুন।',
  },
  {
    question: 'How is the resale price of a used laptop decided?',
    answer:
      'The resale price depends mostly on the model, its processor and graphics, how many years it has been used and ' +
      'its condition. Battery health, remaining warranty and whether the box, charger and bill are included also ' +
      'matter. As a rough guide, most laptops lose a quarter to a third of their value in the first year and less ' +
      'each year after that. Compare similar listings on Laptop Haat before setting or accepting a price.',
    questionBn: 'পুরোনো ল্যাপটপের রিসেল দাম কীভাবে ঠিক হয়?',
    answerBn:
      'রিসেল দাম মূলত নির্ভর করে মডেল, প্রসেসর ও গ্রাফিক্স, কত বছর ব্যবহার হয়েছে এবং ল্যাপটপের অবস্থার ওপর। ' +
      'ব্যাটারির অবস্থা, বাকি ওয়ারেন্টি, আর বক্স, চার্জার ও রসিদ সঙ্গে আছে কি না, এগুলোও দামে প্রভাব ফেলে। ' +
      'মোটামুটি হিসাবে, বেশির ভাগ ল্যাপটপ প্রথম বছরে দামের এক-চতুর্থাংশ থেকে এক-তৃতীয়াংশ হারায়, আর পরের ' +
      'বছরগুলোতে হারায় তার চেয়ে কম। দাম ঠিক করার বা কোনো দামে রাজি হওয়ার আগে Laptop Haat-এ একই ধরনের ' +
      'বিজ্ঞাপনগুলোর সঙ্গে তুলনা করে নিন।',
  },
  {
    question: 'What should I do before selling my laptop?',
    answer:
      'Back up your files to an external drive or cloud storage first. Sign out of your Microsoft account, Apple ID, ' +
      'browsers and any other accounts, and turn off Find My on a Mac. Then reset the laptop to factory settings so ' +
      'the buyer starts fresh. Clean the screen, keyboard and vents, and gather the charger, box and bill, because a ' +
      'complete package sells faster and for a better price.',
    questionBn: 'ল্যাপটপ বিক্রির আগে কী কী করবেন?',
    answerBn:
      'প্রথমে আপনার ফাইলগুলো এক্সটার্নাল ড্রাইভ বা ক্লাউড স্টোরেজে ব্যাকআপ করে নিন। এরপর Microsoft অ্যাকাউন্ট, ' +
      'Apple আইডি, ব্রাউজার ও অন্য সব অ্যাকাউন্ট থেকে সাইন আউট করুন, আর ম্যাকে ফাইন্ড মাই বন্ধ করুন। তারপর ' +
      'ল্যাপটপটি ফ্যাক্টরি সেটিংসে রিসেট করুন, যাতে ক্রেতা একদম নতুন করে শুরু করতে পারেন। স্ক্রিন, কিবোর্ড ও ' +
      'ভেন্ট পরিষ্কার করুন, আর চার্জার, বক্স ও রসিদ গুছিয়ে রাখুন, কারণ সবকিছু একসঙ্গে থাকলে ল্যাপটপ তাড়াতাড়ি ' +
      'এবং ভালো দামে বিক্রি হয়।',
  },
];
