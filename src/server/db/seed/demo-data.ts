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

// Demo data for SEED=demo on an empty database (README.md#demo-data). Images are bundled in
// public/images.

export const DEMO_PASSWORD = 'Demo@1234';

export const demoAccounts: DemoAccount[] = [
  { name: 'Haat Admin', email: 'admin@laptophaat.test', role: 'admin', verified: false },
  { name: 'Rahim Computers', email: 'seller@laptophaat.test', role: 'seller', verified: true },
  { name: 'Nusrat Jahan', email: 'newseller@laptophaat.test', role: 'seller', verified: false },
  { name: 'Tanvir Ahmed', email: 'buyer@laptophaat.test', role: 'buyer', verified: false },
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
    resalePrice: 42_000,
    originalPrice: 72_000,
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
    resalePrice: 45_000,
    originalPrice: 68_000,
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
    resalePrice: 31_000,
    originalPrice: 85_000,
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
    icon: 'RiTeamFill',
  },
  {
    name: '24/7 Support',
    description:
      'Stuck with a listing, a booking or a suspicious offer? Our support team answers day and night, in Bangla or ' +
      'English.',
    icon: 'BiSupport',
  },
  {
    name: 'Verified Sellers',
    description:
      'Sellers with the blue tick have had their identity and phone number checked by our team, so you know who you ' +
      'are dealing with.',
    icon: 'BsPatchCheckFill',
  },
  {
    name: 'Safe Meetups & Delivery',
    description:
      'Meet in a busy public place to inspect the laptop before you pay, or use a trusted courier with cash on ' +
      'delivery when buying from another city.',
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
  },
  {
    question: 'What does a verified seller mean on Laptop Haat?',
    answer:
      'A verified seller is someone whose identity and mobile number our admin team has checked. Their name shows a ' +
      'blue tick on every listing they post. Verification tells you who you are dealing with, but it is not a ' +
      'guarantee of the laptop itself, so you should still inspect the laptop before paying. New sellers can ask for ' +
      'verification once they have listed a few laptops honestly.',
  },
  {
    question: 'How do I check battery health on Windows and macOS?',
    answer:
      'On Windows, open Command Prompt and run powercfg /batteryreport, then open the battery-report.html file it ' +
      'creates. Compare the full charge capacity with the design capacity: the closer they are, the healthier the ' +
      'battery. On a Mac, hold the Option key and click the Apple menu, choose System Information and open Power to ' +
      'see the cycle count and condition. Anything above 80% of the design capacity is usually fine for a used ' +
      'laptop.',
  },
  {
    question: 'Is it safe to pay in advance?',
    answer:
      'No. Never send money through bKash, Nagad or a bank transfer before you have seen the laptop in person. Meet ' +
      'the seller in a busy public place such as a shopping mall or a computer market, inspect the laptop carefully ' +
      'and only then pay. If a seller insists on an advance payment or a booking fee, treat it as a warning sign and ' +
      'report the listing to us.',
  },
  {
    question: 'How is the resale price of a used laptop decided?',
    answer:
      'The resale price depends mostly on the model, its processor and graphics, how many years it has been used and ' +
      'its condition. Battery health, remaining warranty and whether the box, charger and bill are included also ' +
      'matter. As a rough guide, most laptops lose a quarter to a third of their value in the first year and less ' +
      'each year after that. Compare similar listings on Laptop Haat before setting or accepting a price.',
  },
  {
    question: 'What should I do before selling my laptop?',
    answer:
      'Back up your files to an external drive or cloud storage first. Sign out of your Microsoft account, Apple ID, ' +
      'browsers and any other accounts, and turn off Find My on a Mac. Then reset the laptop to factory settings so ' +
      'the buyer starts fresh. Clean the screen, keyboard and vents, and gather the charger, box and bill, because a ' +
      'complete package sells faster and for a better price.',
  },
];
