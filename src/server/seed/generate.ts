import { hashPassword } from 'better-auth/crypto';
import { sql } from 'drizzle-orm';
import type { Brand, Category, Condition, Location, RamSize } from '../../shared/catalog.ts';
import { type Db, newId } from '../platform/db/client.ts';
import { DEMO_PASSWORD } from './demo-data.ts';

// Generated catalogues for measuring scale (`npm run db:seed -- --laptops N --users N`,
// docs/performance.md#catalogue-at-100000): real models per brand with the processors, memory,
// storage and screens they were sold with, prices by category, the eight divisions weighted
// towards Dhaka and Chattogram, a year of post dates, some sold, booked or advertised. Adds to
// whatever the database holds: e-mails carry a per-run tag, ids are fresh UUIDs.

export interface GenerateOptions {
  laptops: number;
  /** Sellers and buyers together; default one for every 20 laptops (at least 10 when there are laptops). */
  users?: number;
  /** Seed of the random choices (the same seed gives the same catalogue, with new ids). */
  seed?: number;
  now?: Date;
  /** Rows per INSERT statement. */
  chunk?: number;
}

export interface Generated {
  users: number;
  sellers: number;
  laptops: number;
  orders: number;
  /** The whole call, and of it the VACUUM ANALYZE after the transaction. */
  ms: number;
  vacuumMs: number;
}

interface Model {
  brand: Brand;
  name: string;
  category: Category;
  screens: number[];
  cpus: string[];
  gpus: (string | null)[];
  ram: RamSize[];
  storage: number[];
  /** Price new for the smallest configuration, Tk. */
  price: number;
  /** Years it was sold new: [first, last]. */
  years: [number, number];
  storageType?: 'ssd' | 'hdd' | 'emmc';
}

const INTEL_U = ['Intel Core i5-8250U', 'Intel Core i5-8265U', 'Intel Core i5-10210U', 'Intel Core i5-1135G7'];
const INTEL_U_NEW = ['Intel Core i5-1235U', 'Intel Core i7-1255U', 'Intel Core Ultra 5 125U', 'Intel Core i5-1335U'];
const INTEL_I3 = ['Intel Core i3-1005G1', 'Intel Core i3-1115G4', 'Intel Core i3-1215U', 'Intel Celeron N4020'];
const RYZEN_U = ['AMD Ryzen 5 5500U', 'AMD Ryzen 5 7530U', 'AMD Ryzen 7 5700U', 'AMD Ryzen 3 5300U'];
const INTEL_H = ['Intel Core i5-10300H', 'Intel Core i5-11400H', 'Intel Core i7-11800H', 'Intel Core i5-12450H'];
const INTEL_H_NEW = ['Intel Core i7-12700H', 'Intel Core i7-13700HX', 'Intel Core i9-13900HX', 'Intel Core i7-14650HX'];
const RYZEN_H = ['AMD Ryzen 5 5600H', 'AMD Ryzen 7 5800H', 'AMD Ryzen 7 6800H', 'AMD Ryzen 7 7840HS'];
const ENTRY_GPU = ['NVIDIA GeForce GTX 1650 4 GB', 'NVIDIA GeForce RTX 3050 4 GB', 'NVIDIA GeForce RTX 2050 4 GB'];
const MID_GPU = ['NVIDIA GeForce RTX 3060 6 GB', 'NVIDIA GeForce RTX 4050 6 GB', 'NVIDIA GeForce RTX 4060 8 GB'];
const HIGH_GPU = ['NVIDIA GeForce RTX 4070 8 GB', 'NVIDIA GeForce RTX 4080 12 GB', 'NVIDIA GeForce RTX 3070 Ti 8 GB'];
const IGPU = ['Intel Iris Xe', 'Intel UHD', 'AMD Radeon (integrated)', null];

// biome-ignore format: one model a line reads as the table it is
const MODELS: Model[] = [
  // Lenovo
  { brand: 'Lenovo', name: 'ThinkPad T480', category: 'casual', screens: [14], cpus: ['Intel Core i5-8250U', 'Intel Core i5-8350U', 'Intel Core i7-8650U'], gpus: ['Intel UHD 620'], ram: [8, 16, 32], storage: [256, 512], price: 95_000, years: [2018, 2019] },
  { brand: 'Lenovo', name: 'ThinkPad E14 Gen 2', category: 'casual', screens: [14], cpus: ['Intel Core i5-1135G7', 'AMD Ryzen 5 4500U'], gpus: ['Intel Iris Xe', 'AMD Radeon (integrated)'], ram: [8, 16], storage: [256, 512], price: 72_000, years: [2020, 2022] },
  { brand: 'Lenovo', name: 'ThinkPad X1 Carbon Gen 9', category: 'premium', screens: [14], cpus: ['Intel Core i7-1165G7', 'Intel Core i5-1145G7'], gpus: ['Intel Iris Xe'], ram: [16, 32], storage: [512, 1024], price: 185_000, years: [2021, 2022] },
  { brand: 'Lenovo', name: 'IdeaPad Slim 3', category: 'casual', screens: [14, 15.6], cpus: [...RYZEN_U, ...INTEL_I3], gpus: IGPU, ram: [4, 8, 16], storage: [256, 512], price: 48_000, years: [2020, 2024] },
  { brand: 'Lenovo', name: 'IdeaPad Gaming 3', category: 'gaming', screens: [15.6], cpus: ['AMD Ryzen 5 5600H', 'Intel Core i5-11320H'], gpus: ENTRY_GPU, ram: [8, 16], storage: [512], price: 92_000, years: [2021, 2023] },
  { brand: 'Lenovo', name: 'Legion 5 Pro', category: 'gaming', screens: [16], cpus: RYZEN_H, gpus: MID_GPU, ram: [16, 32], storage: [512, 1024], price: 175_000, years: [2021, 2024] },
  { brand: 'Lenovo', name: 'Yoga Slim 7', category: 'premium', screens: [14], cpus: ['AMD Ryzen 7 5800U', 'Intel Core i7-1260P'], gpus: ['AMD Radeon (integrated)', 'Intel Iris Xe'], ram: [16], storage: [512, 1024], price: 115_000, years: [2021, 2024] },
  { brand: 'Lenovo', name: 'V15 G2', category: 'casual', screens: [15.6], cpus: INTEL_I3, gpus: ['Intel UHD', null], ram: [4, 8], storage: [256, 1024], price: 38_000, years: [2021, 2023], storageType: 'hdd' },
  // HP
  { brand: 'HP', name: 'EliteBook 840 G5', category: 'casual', screens: [14], cpus: ['Intel Core i5-8250U', 'Intel Core i5-8350U', 'Intel Core i7-8550U'], gpus: ['Intel UHD 620'], ram: [8, 16], storage: [256, 512], price: 90_000, years: [2018, 2019] },
  { brand: 'HP', name: 'EliteBook 840 G8', category: 'premium', screens: [14], cpus: ['Intel Core i5-1145G7', 'Intel Core i7-1185G7'], gpus: ['Intel Iris Xe'], ram: [16, 32], storage: [512], price: 140_000, years: [2021, 2022] },
  { brand: 'HP', name: 'Pavilion 15', category: 'casual', screens: [15.6], cpus: [...INTEL_U, ...RYZEN_U], gpus: IGPU, ram: [8, 16], storage: [256, 512], price: 68_000, years: [2019, 2024] },
  { brand: 'HP', name: 'Pavilion x360 14', category: 'casual', screens: [14], cpus: INTEL_U_NEW, gpus: ['Intel Iris Xe'], ram: [8, 16], storage: [512], price: 80_000, years: [2022, 2024] },
  { brand: 'HP', name: '250 G8', category: 'casual', screens: [15.6], cpus: INTEL_I3, gpus: ['Intel UHD', null], ram: [4, 8], storage: [256, 1024], price: 42_000, years: [2020, 2022] },
  { brand: 'HP', name: 'Victus 15', category: 'gaming', screens: [15.6], cpus: ['AMD Ryzen 5 5600H', 'Intel Core i5-12450H'], gpus: ENTRY_GPU, ram: [8, 16], storage: [512], price: 98_000, years: [2021, 2024] },
  { brand: 'HP', name: 'OMEN 16', category: 'gaming', screens: [16.1], cpus: [...INTEL_H_NEW, 'AMD Ryzen 7 6800H'], gpus: [...MID_GPU, ...HIGH_GPU], ram: [16, 32], storage: [512, 1024], price: 185_000, years: [2022, 2024] },
  { brand: 'HP', name: 'Spectre x360 14', category: 'premium', screens: [13.5], cpus: ['Intel Core i7-1165G7', 'Intel Core i7-1255U'], gpus: ['Intel Iris Xe'], ram: [16], storage: [512, 1024], price: 175_000, years: [2021, 2023] },
  // Dell
  { brand: 'Dell', name: 'Latitude 5490', category: 'casual', screens: [14], cpus: ['Intel Core i5-8250U', 'Intel Core i5-8350U', 'Intel Core i7-8650U'], gpus: ['Intel UHD 620'], ram: [8, 16], storage: [256, 512], price: 88_000, years: [2018, 2019] },
  { brand: 'Dell', name: 'Latitude 7420', category: 'premium', screens: [14], cpus: ['Intel Core i5-1145G7', 'Intel Core i7-1185G7'], gpus: ['Intel Iris Xe'], ram: [16, 32], storage: [256, 512], price: 135_000, years: [2021, 2022] },
  { brand: 'Dell', name: 'Inspiron 15 3520', category: 'casual', screens: [15.6], cpus: [...INTEL_I3, 'Intel Core i5-1235U'], gpus: ['Intel UHD', 'Intel Iris Xe'], ram: [4, 8, 16], storage: [256, 512], price: 55_000, years: [2022, 2024] },
  { brand: 'Dell', name: 'Inspiron 14 5410', category: 'casual', screens: [14], cpus: ['Intel Core i5-11320H', 'Intel Core i7-11390H'], gpus: ['Intel Iris Xe', 'NVIDIA GeForce MX450 2 GB'], ram: [8, 16], storage: [512], price: 78_000, years: [2021, 2022] },
  { brand: 'Dell', name: 'Vostro 3400', category: 'casual', screens: [14], cpus: ['Intel Core i3-1115G4', 'Intel Core i5-1135G7'], gpus: ['Intel UHD', 'Intel Iris Xe'], ram: [4, 8], storage: [256, 1024], price: 50_000, years: [2020, 2022], storageType: 'hdd' },
  { brand: 'Dell', name: 'XPS 13 9310', category: 'premium', screens: [13.4], cpus: ['Intel Core i7-1165G7', 'Intel Core i5-1135G7'], gpus: ['Intel Iris Xe'], ram: [8, 16, 32], storage: [256, 512, 1024], price: 160_000, years: [2020, 2022] },
  { brand: 'Dell', name: 'XPS 15 9520', category: 'premium', screens: [15.6], cpus: ['Intel Core i7-12700H', 'Intel Core i9-12900HK'], gpus: ['NVIDIA GeForce RTX 3050 Ti 4 GB'], ram: [16, 32, 64], storage: [512, 1024, 2048], price: 250_000, years: [2022, 2023] },
  { brand: 'Dell', name: 'G15 5511', category: 'gaming', screens: [15.6], cpus: ['Intel Core i5-11400H', 'Intel Core i7-11800H'], gpus: [...ENTRY_GPU, 'NVIDIA GeForce RTX 3060 6 GB'], ram: [8, 16], storage: [512, 1024], price: 115_000, years: [2021, 2023] },
  { brand: 'Dell', name: 'Alienware m16', category: 'gaming', screens: [16], cpus: INTEL_H_NEW, gpus: HIGH_GPU, ram: [16, 32], storage: [1024, 2048], price: 320_000, years: [2023, 2024] },
  // Asus
  { brand: 'Asus', name: 'VivoBook 15 X515EA', category: 'casual', screens: [15.6], cpus: [...INTEL_I3, 'Intel Core i5-1135G7'], gpus: ['Intel UHD', 'Intel Iris Xe'], ram: [4, 8], storage: [256, 512], price: 46_000, years: [2020, 2023] },
  { brand: 'Asus', name: 'VivoBook 14', category: 'casual', screens: [14], cpus: [...RYZEN_U, 'Intel Core i5-1235U'], gpus: IGPU, ram: [8, 16], storage: [512], price: 55_000, years: [2021, 2024] },
  { brand: 'Asus', name: 'Zenbook 14 UX425', category: 'premium', screens: [14], cpus: ['Intel Core i5-1135G7', 'Intel Core i7-1165G7'], gpus: ['Intel Iris Xe'], ram: [8, 16], storage: [512, 1024], price: 110_000, years: [2020, 2022] },
  { brand: 'Asus', name: 'Zenbook 14 OLED', category: 'premium', screens: [14], cpus: ['AMD Ryzen 7 5800H', 'Intel Core Ultra 7 155H'], gpus: ['AMD Radeon (integrated)', 'Intel Arc (integrated)'], ram: [16, 32], storage: [512, 1024], price: 135_000, years: [2022, 2024] },
  { brand: 'Asus', name: 'TUF Gaming F15', category: 'gaming', screens: [15.6], cpus: INTEL_H, gpus: [...ENTRY_GPU, 'NVIDIA GeForce RTX 3060 6 GB'], ram: [8, 16], storage: [512, 1024], price: 95_000, years: [2020, 2024] },
  { brand: 'Asus', name: 'TUF Gaming A15', category: 'gaming', screens: [15.6], cpus: RYZEN_H, gpus: [...ENTRY_GPU, ...MID_GPU], ram: [8, 16], storage: [512, 1024], price: 105_000, years: [2021, 2024] },
  { brand: 'Asus', name: 'ROG Strix G15', category: 'gaming', screens: [15.6], cpus: ['AMD Ryzen 7 4800H', 'AMD Ryzen 7 5800H', 'AMD Ryzen 9 5900HX'], gpus: [...ENTRY_GPU, ...MID_GPU], ram: [16, 32], storage: [512, 1024], price: 140_000, years: [2020, 2023] },
  { brand: 'Asus', name: 'ROG Zephyrus G14', category: 'gaming', screens: [14], cpus: ['AMD Ryzen 9 5900HS', 'AMD Ryzen 9 6900HS', 'AMD Ryzen 9 7940HS'], gpus: [...MID_GPU, ...HIGH_GPU], ram: [16, 32], storage: [1024], price: 210_000, years: [2021, 2024] },
  // Apple
  { brand: 'Apple', name: 'MacBook Air M1', category: 'premium', screens: [13.3], cpus: ['Apple M1'], gpus: ['Apple M1 7-core', 'Apple M1 8-core'], ram: [8, 16], storage: [256, 512], price: 115_000, years: [2020, 2022] },
  { brand: 'Apple', name: 'MacBook Air M2', category: 'premium', screens: [13.6], cpus: ['Apple M2'], gpus: ['Apple M2 8-core', 'Apple M2 10-core'], ram: [8, 16, 24], storage: [256, 512, 1024], price: 145_000, years: [2022, 2024] },
  { brand: 'Apple', name: 'MacBook Air 15 M3', category: 'premium', screens: [15.3], cpus: ['Apple M3'], gpus: ['Apple M3 10-core'], ram: [8, 16, 24], storage: [256, 512], price: 185_000, years: [2024, 2024] },
  { brand: 'Apple', name: 'MacBook Pro 13 (2019)', category: 'premium', screens: [13.3], cpus: ['Intel Core i5-8257U', 'Intel Core i5-8279U'], gpus: ['Intel Iris Plus 645'], ram: [8, 16], storage: [128, 256, 512], price: 140_000, years: [2019, 2020] },
  { brand: 'Apple', name: 'MacBook Pro 14 M1 Pro', category: 'premium', screens: [14.2], cpus: ['Apple M1 Pro 8-core', 'Apple M1 Pro 10-core'], gpus: ['Apple M1 Pro 14-core', 'Apple M1 Pro 16-core'], ram: [16, 32], storage: [512, 1024], price: 255_000, years: [2021, 2023] },
  { brand: 'Apple', name: 'MacBook Pro 16 M2 Max', category: 'premium', screens: [16.2], cpus: ['Apple M2 Max'], gpus: ['Apple M2 Max 30-core', 'Apple M2 Max 38-core'], ram: [32, 64, 96], storage: [1024, 2048, 4096], price: 420_000, years: [2023, 2024] },
  // Acer
  { brand: 'Acer', name: 'Aspire 5 A515-56', category: 'casual', screens: [15.6], cpus: ['Intel Core i5-1135G7', 'Intel Core i3-1115G4', 'Intel Core i7-1165G7'], gpus: ['Intel Iris Xe', 'NVIDIA GeForce MX350 2 GB'], ram: [8, 16], storage: [256, 512], price: 62_000, years: [2020, 2023] },
  { brand: 'Acer', name: 'Aspire 3 A315', category: 'casual', screens: [15.6], cpus: [...INTEL_I3, 'AMD Ryzen 3 3250U'], gpus: ['Intel UHD', 'AMD Radeon (integrated)'], ram: [4, 8], storage: [256, 1024], price: 40_000, years: [2019, 2023], storageType: 'hdd' },
  { brand: 'Acer', name: 'Swift 3 SF314', category: 'premium', screens: [14], cpus: ['Intel Core i5-1135G7', 'AMD Ryzen 7 5700U'], gpus: ['Intel Iris Xe', 'AMD Radeon (integrated)'], ram: [8, 16], storage: [512], price: 88_000, years: [2020, 2023] },
  { brand: 'Acer', name: 'Nitro 5 AN515-57', category: 'gaming', screens: [15.6], cpus: ['Intel Core i5-11400H', 'Intel Core i7-11800H'], gpus: [...ENTRY_GPU, 'NVIDIA GeForce RTX 3060 6 GB'], ram: [8, 16], storage: [512], price: 105_000, years: [2021, 2023] },
  { brand: 'Acer', name: 'Predator Helios 300', category: 'gaming', screens: [15.6, 17.3], cpus: ['Intel Core i7-10750H', 'Intel Core i7-11800H', 'Intel Core i7-12700H'], gpus: [...MID_GPU, 'NVIDIA GeForce RTX 3070 8 GB'], ram: [16, 32], storage: [512, 1024], price: 175_000, years: [2020, 2023] },
  // MSI
  { brand: 'MSI', name: 'GF63 Thin', category: 'gaming', screens: [15.6], cpus: ['Intel Core i5-10500H', 'Intel Core i5-11400H', 'Intel Core i7-10750H'], gpus: ['NVIDIA GeForce GTX 1650 Max-Q', 'NVIDIA GeForce RTX 3050 4 GB'], ram: [8, 16], storage: [512], price: 88_000, years: [2020, 2023] },
  { brand: 'MSI', name: 'Katana 15', category: 'gaming', screens: [15.6], cpus: ['Intel Core i7-12650H', 'Intel Core i7-13620H'], gpus: MID_GPU, ram: [16], storage: [512, 1024], price: 135_000, years: [2022, 2024] },
  { brand: 'MSI', name: 'Raider GE78 HX', category: 'gaming', screens: [17], cpus: ['Intel Core i9-13980HX', 'Intel Core i9-14900HX'], gpus: HIGH_GPU, ram: [32, 64], storage: [1024, 2048], price: 380_000, years: [2023, 2024] },
  { brand: 'MSI', name: 'Modern 14', category: 'casual', screens: [14], cpus: ['Intel Core i3-1115G4', 'Intel Core i5-1155G7', 'Intel Core i5-1235U'], gpus: ['Intel Iris Xe', 'Intel UHD'], ram: [8, 16], storage: [512], price: 52_000, years: [2021, 2024] },
  // Walton (Bangladeshi brand)
  { brand: 'Walton', name: 'Tamarind EX510', category: 'casual', screens: [15.6], cpus: ['Intel Core i5-1135G7', 'Intel Core i3-1115G4'], gpus: ['Intel Iris Xe', 'Intel UHD'], ram: [8], storage: [256, 512], price: 48_000, years: [2021, 2023] },
  { brand: 'Walton', name: 'Passion BX310', category: 'casual', screens: [14], cpus: ['Intel Celeron N4020', 'Intel Pentium Silver N5030'], gpus: ['Intel UHD 600'], ram: [4], storage: [64, 128], price: 24_000, years: [2020, 2022], storageType: 'emmc' },
  { brand: 'Walton', name: 'WAVE 14', category: 'casual', screens: [14], cpus: ['Intel Core i5-1235U', 'Intel Core i7-1255U'], gpus: ['Intel Iris Xe'], ram: [8, 16], storage: [512], price: 58_000, years: [2022, 2024] },
  // Others
  { brand: 'Microsoft', name: 'Surface Laptop 4', category: 'premium', screens: [13.5, 15], cpus: ['Intel Core i5-1145G7', 'AMD Ryzen 5 4680U'], gpus: ['Intel Iris Xe', 'AMD Radeon (integrated)'], ram: [8, 16], storage: [256, 512], price: 130_000, years: [2021, 2022] },
  { brand: 'Microsoft', name: 'Surface Pro 7', category: 'premium', screens: [12.3], cpus: ['Intel Core i5-1035G4', 'Intel Core i7-1065G7'], gpus: ['Intel Iris Plus'], ram: [8, 16], storage: [128, 256], price: 105_000, years: [2019, 2021] },
  { brand: 'Huawei', name: 'MateBook D15', category: 'casual', screens: [15.6], cpus: ['Intel Core i5-1135G7', 'AMD Ryzen 5 3500U'], gpus: ['Intel Iris Xe', 'AMD Radeon (integrated)'], ram: [8, 16], storage: [256, 512], price: 62_000, years: [2020, 2022] },
  { brand: 'Huawei', name: 'MateBook X Pro', category: 'premium', screens: [13.9], cpus: ['Intel Core i7-1165G7', 'Intel Core i7-1260P'], gpus: ['Intel Iris Xe'], ram: [16], storage: [512, 1024], price: 170_000, years: [2021, 2023] },
  { brand: 'Samsung', name: 'Galaxy Book2 Pro', category: 'premium', screens: [13.3, 15.6], cpus: ['Intel Core i5-1240P', 'Intel Core i7-1260P'], gpus: ['Intel Iris Xe'], ram: [8, 16], storage: [256, 512], price: 140_000, years: [2022, 2023] },
  { brand: 'Xiaomi', name: 'RedmiBook 15', category: 'casual', screens: [15.6], cpus: ['Intel Core i3-1115G4', 'Intel Core i5-11300H'], gpus: ['Intel UHD', 'Intel Iris Xe'], ram: [8], storage: [256, 512], price: 48_000, years: [2021, 2023] },
  { brand: 'Razer', name: 'Blade 15', category: 'gaming', screens: [15.6], cpus: ['Intel Core i7-11800H', 'Intel Core i7-12800H'], gpus: [...MID_GPU, 'NVIDIA GeForce RTX 3070 Ti 8 GB'], ram: [16, 32], storage: [1024], price: 310_000, years: [2021, 2023] },
  { brand: 'Other', name: 'Chuwi HeroBook Pro', category: 'casual', screens: [14.1], cpus: ['Intel Celeron N4020', 'Intel Celeron N4500'], gpus: ['Intel UHD 600'], ram: [8], storage: [256], price: 26_000, years: [2021, 2023] },
];

/** How often each model is listed, roughly as the Bangladeshi used market has them. */
const MODEL_WEIGHTS = MODELS.map((m) =>
  m.category === 'casual' ? 10 : m.category === 'gaming' ? 5 : m.brand === 'Apple' ? 6 : 3,
);

const LOCATION_WEIGHTS: [Location, number][] = [
  ['dhaka', 45],
  ['chattogram', 20],
  ['khulna', 7],
  ['rajshahi', 7],
  ['sylhet', 7],
  ['rangpur', 5],
  ['barishal', 4],
  ['mymensingh', 5],
];
const CONDITION_WEIGHTS: [Condition, number][] = [
  ['excellent', 30],
  ['good', 50],
  ['fair', 20],
];

const FIRST_NAMES = [
  'Rahim',
  'Karim',
  'Tanvir',
  'Nusrat',
  'Farhana',
  'Sakib',
  'Tamim',
  'Ayesha',
  'Mehedi',
  'Sumaiya',
  'Arif',
  'Rafiq',
  'Jannat',
  'Imran',
  'Shakil',
  'Mithila',
  'Rubel',
  'Sadia',
  'Hasan',
  'Fahim',
  'Nabila',
  'Rakib',
  'Tasnim',
  'Mahmud',
  'Sharmin',
  'Zubair',
  'Anika',
  'Riyad',
  'Priya',
  'Sourav',
];
const LAST_NAMES = [
  'Ahmed',
  'Hossain',
  'Islam',
  'Rahman',
  'Chowdhury',
  'Khan',
  'Akter',
  'Uddin',
  'Sarkar',
  'Das',
  'Begum',
  'Mia',
  'Siddique',
  'Haque',
  'Roy',
  'Talukder',
  'Bhuiyan',
  'Majumder',
];
const SHOPS = ['Computers', 'Tech', 'Laptop House', 'IT Zone', 'Gadget Point', 'Digital'];
const CONDITION_NOTES: Record<Condition, string[]> = {
  excellent: [
    'No scratches, used with a sleeve from day one.',
    'Like new, never opened or repaired.',
    'Screen and body spotless, box and bill available.',
  ],
  good: [
    'Small scratches on the lid, keyboard and screen are fine.',
    'Normal signs of use, every port works.',
    'Minor wear on the palm rest, no dead pixels.',
  ],
  fair: [
    'Visible wear on the keys and lid, works without problems.',
    'Hinge is a bit loose but holds the screen.',
    'One small dent on the corner, battery needs the charger often.',
  ],
};
const ORIGINS = [
  'Bought from Ryans Computers',
  'Bought from Star Tech',
  'Bought from the brand shop at Multiplan Center',
  'Bought from IDB Bhaban',
  'Brought from Dubai by a relative',
  'Bought from Apple Gadgets, Bashundhara City',
];
const MEETING_PLACES = [
  'Bashundhara City',
  'Multiplan Center',
  'the main road',
  'the bus stand',
  'the university gate',
];
const REASONS = [
  'Selling because I am upgrading.',
  'Selling because I am moving abroad for study.',
  'My office gave me a new laptop.',
  'Need money for a new phone.',
  'Switched to a desktop for work.',
  'Price slightly negotiable after seeing.',
];

/** A small fast PRNG (mulberry32): the same seed gives the same catalogue. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!;
  const weighted = <T>(pairs: readonly (readonly [T, number])[]): T => {
    const total = pairs.reduce((n, [, w]) => n + w, 0);
    let r = next() * total;
    for (const [value, w] of pairs) {
      r -= w;
      if (r < 0) return value;
    }
    return pairs.at(-1)![0];
  };
  return { next, int, pick, weighted };
}
type Random = ReturnType<typeof random>;

const mobile = (r: Random) => `01${r.pick([3, 4, 5, 6, 7, 8, 9])}${String(r.int(0, 99_999_999)).padStart(8, '0')}`;
const storageLabel = (gb: number) => (gb >= 1024 ? `${gb / 1024} TB` : `${gb} GB`);

interface UserRowJson {
  id: string;
  name: string;
  email: string;
  role: 'buyer' | 'seller';
  verified: boolean;
  email_verified: boolean;
  created_at: string;
  updated_at: string;
}

function makeUsers(r: Random, count: number, sellers: number, tag: string, now: number): UserRowJson[] {
  return Array.from({ length: count }, (_, i) => {
    const first = r.pick(FIRST_NAMES);
    const last = r.pick(LAST_NAMES);
    const seller = i < sellers;
    // A third of sellers are shops; about 40 % of sellers are verified by the admin.
    const name = seller && r.next() < 0.33 ? `${first} ${r.pick(SHOPS)}` : `${first} ${last}`;
    const created = new Date(now - r.int(30, 720) * 86_400_000).toISOString();
    return {
      id: newId(),
      name,
      email: `${first}.${last}.${tag}${i}@example.test`.toLowerCase(),
      role: seller ? 'seller' : 'buyer',
      verified: seller && r.next() < 0.4,
      email_verified: true,
      created_at: created,
      updated_at: created,
    };
  });
}

function makeLaptop(r: Random, sellerId: string, mobileNumber: string, now: number) {
  const model = MODELS[r.weighted(MODEL_WEIGHTS.map((w, i) => [i, w] as const))]!;
  const ramIdx = r.int(0, model.ram.length - 1);
  const storageIdx = r.int(0, model.storage.length - 1);
  const ramGb = model.ram[ramIdx]!;
  const storageGb = model.storage[storageIdx]!;
  // Budget models came with eMMC or a hard disk; a small drive is eMMC, anything else an SSD.
  const storageType =
    model.storageType === 'emmc' || storageGb < 128
      ? 'emmc'
      : model.storageType === 'hdd' && storageGb >= 500
        ? 'hdd'
        : 'ssd';
  const processor = r.pick(model.cpus);
  const gpu = r.pick(model.gpus);
  const screen = r.pick(model.screens);
  const year = r.int(model.years[0], model.years[1]);
  const usageYears = Math.max(0, Math.min(30, new Date(now).getFullYear() - year - r.int(0, 1)));
  const condition = r.weighted(CONDITION_WEIGHTS);
  // Price new: the base, more for bigger configurations, ±10 %, in whole thousands.
  const originalPrice =
    Math.round((model.price * (1 + 0.12 * ramIdx + 0.08 * storageIdx) * (0.9 + 0.2 * r.next())) / 1000) * 1000;
  // Resale: 12 % a year, more off for worse condition, never below a fifth; in whole 500s.
  const kept = Math.max(0.2, 0.92 - 0.12 * usageYears - (condition === 'fair' ? 0.1 : condition === 'good' ? 0.04 : 0));
  const resalePrice = Math.min(
    originalPrice - 500,
    Math.round((originalPrice * kept * (0.92 + 0.12 * r.next())) / 500) * 500,
  );
  const batteryHealth = r.next() < 0.7 ? Math.max(40, Math.min(100, 100 - usageYears * 7 - r.int(0, 12))) : null;
  const daysAgo = 365 * r.next() ** 1.6; // more listings recently
  const specs = [
    processor,
    `${ramGb} GB RAM`,
    `${storageLabel(storageGb)} ${storageType.toUpperCase()}`,
    `${screen.toFixed(1)}-inch display`,
    gpu ? `${gpu} graphics` : null,
  ].filter(Boolean);
  const description = [
    `${specs.join(', ')}.`,
    batteryHealth === null ? 'Battery backup is fine for light use.' : `Battery health ${batteryHealth}%.`,
    r.pick(CONDITION_NOTES[condition]),
    r.next() < 0.6 ? `${r.pick(ORIGINS)} in ${year}.` : null,
    r.pick(REASONS),
  ]
    .filter(Boolean)
    .join(' ');
  return {
    id: newId(),
    seller_id: sellerId,
    category: model.category,
    name: `${model.brand === 'Other' ? '' : `${model.brand} `}${model.name}${r.next() < 0.3 ? ` (${year})` : ''}`,
    image_url: `/images/laptops/${model.category}-${r.int(1, 3)}.webp`,
    description,
    location: r.weighted(LOCATION_WEIGHTS),
    resale_price: resalePrice,
    original_price: originalPrice,
    usage_years: usageYears,
    usage_months: usageYears * 12,
    condition,
    seller_mobile: mobileNumber,
    sales_status: 'unsold' as 'unsold' | 'sold',
    advertised: false,
    booked: false,
    posted_at: new Date(now - Math.floor(daysAgo * 86_400_000)).toISOString(),
    brand: model.brand,
    processor,
    ram_gb: ramGb,
    storage_gb: storageGb,
    storage_type: storageType,
    screen_inches: screen,
    gpu,
    battery_health: batteryHealth,
    /** Not a column: how old the listing is, for sold and advertised. */
    daysAgo,
  };
}

/**
 * Inserts `rows` into `table` in chunks, one statement and one JSON parameter per chunk: the same
 * on PGlite and node-postgres (which has no COPY without an extra package), and no 65,535-parameter
 * limit. `json_populate_recordset` types every field as the table's column (enums included).
 */
async function insertJson(tx: Db, table: string, rows: Record<string, unknown>[], chunk: number) {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]!).filter((c) => c !== 'daysAgo');
  const list = sql.raw(columns.map((c) => `"${c}"`).join(', '));
  for (let i = 0; i < rows.length; i += chunk) {
    const json = JSON.stringify(rows.slice(i, i + chunk), columns);
    await tx.execute(
      sql`insert into ${sql.identifier(table)} (${list}) select ${list} from json_populate_recordset(null::${sql.identifier(table)}, ${json}::json)`,
    );
  }
}

/**
 * Adds `users` users and `laptops` laptops (with their orders) in one transaction, then VACUUMs
 * and ANALYZEs the tables. Generated users sign in with the demo password.
 */
export async function generateCatalogue(db: Db, options: GenerateOptions): Promise<Generated> {
  const t0 = performance.now();
  const laptopCount = Math.max(0, Math.floor(options.laptops));
  const userCount = Math.max(
    options.users ?? (laptopCount ? Math.max(10, Math.round(laptopCount / 20)) : 0),
    laptopCount ? 1 : 0,
  );
  const chunk = options.chunk ?? 2_000;
  const r = random(options.seed ?? 17);
  const now = (options.now ?? new Date()).getTime();
  const tag = `g${Date.now().toString(36)}${newId().slice(0, 4)}`;

  // About a third sellers; every laptop needs one.
  const sellerCount = Math.max(laptopCount ? 1 : 0, Math.round(userCount * 0.3));
  const users = makeUsers(r, userCount, sellerCount, tag, now);
  const sellers = users.slice(0, sellerCount).map((u) => ({ id: u.id, mobile: mobile(r) }));
  const buyers = users.slice(sellerCount);

  const laptops = Array.from({ length: laptopCount }, () => {
    // Listings per seller are skewed: shops list many, most people one or two.
    const seller = sellers[Math.floor(sellerCount * r.next() ** 2)]!;
    return makeLaptop(r, seller.id, seller.mobile, now);
  });

  // Older listings are more often sold (about 15 % overall); a few of the newest are advertised;
  // some unsold ones are booked. Sold and booked laptops get an order from a buyer.
  const orders: Record<string, unknown>[] = [];
  const order = (laptop: (typeof laptops)[number], paid: boolean, status: 'completed' | 'requested' | 'accepted') => {
    const buyer = buyers[r.int(0, buyers.length - 1)];
    if (!buyer) return;
    const placed = now - Math.floor(laptop.daysAgo * 86_400_000 * r.next());
    orders.push({
      id: newId(),
      buyer_id: buyer.id,
      laptop_id: laptop.id,
      seller_id: laptop.seller_id,
      status,
      buyer_phone: mobile(r),
      meeting_address: `${r.pick(MEETING_PLACES)}, ${laptop.location[0]!.toUpperCase()}${laptop.location.slice(1)}`,
      laptop_name: laptop.name,
      laptop_image: laptop.image_url,
      resale_price: laptop.resale_price,
      payment_status: paid,
      created_at: new Date(placed).toISOString(),
      updated_at: new Date(placed).toISOString(),
    });
  };
  for (const laptop of laptops) {
    if (r.next() < 0.3 * (laptop.daysAgo / 365) + 0.02) {
      laptop.sales_status = 'sold';
      if (r.next() < 0.7) order(laptop, true, 'completed');
    } else if (r.next() < 0.03) {
      laptop.booked = buyers.length > 0;
      order(laptop, false, r.next() < 0.5 ? 'requested' : 'accepted');
    }
  }
  const advertised = Math.min(24, Math.ceil(laptopCount / 1_000));
  for (const laptop of laptops
    .filter((l) => l.sales_status === 'unsold' && !l.booked)
    .sort((a, b) => a.daysAgo - b.daysAgo)
    .slice(0, advertised * 3)
    .filter((_, i) => i % 3 === 0)) {
    laptop.advertised = true;
  }

  const hash = userCount ? await hashPassword(DEMO_PASSWORD) : '';
  await db.transaction(async (tx) => {
    // The data can be generated again: no need to wait for the commit's flush.
    await tx.execute(sql`set local synchronous_commit = off`);
    await insertJson(tx, 'user', users as unknown as Record<string, unknown>[], chunk);
    await insertJson(
      tx,
      'account',
      users.map((u) => ({
        id: newId(),
        user_id: u.id,
        account_id: u.id,
        provider_id: 'credential',
        password: hash,
        created_at: u.created_at,
        updated_at: u.created_at,
      })),
      chunk,
    );
    await insertJson(tx, 'laptop', laptops, chunk);
    await insertJson(tx, 'order', orders, chunk);
  });
  // VACUUM as well as ANALYZE: PGlite has no autovacuum, and a bulk load leaves GIN pending lists
  // and an unset visibility map (no index-only counts) until something vacuums.
  const vacuumStart = performance.now();
  await db.execute(sql`vacuum (analyze) "user", account, laptop, "order"`);
  return {
    vacuumMs: Math.round(performance.now() - vacuumStart),
    users: userCount,
    sellers: sellerCount,
    laptops: laptopCount,
    orders: orders.length,
    ms: Math.round(performance.now() - t0),
  };
}
