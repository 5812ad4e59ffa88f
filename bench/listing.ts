// The listing with 8 photos that the web part audits and the phone part loads (bench/web.ts,
// bench/phone.ts): made once per run through the API, as a seller makes one on the site.
import { paths } from '../src/web/lib/paths.ts';
import { post, signUp } from './harness.ts';
import { photoJpegs, uploadOf, uploadPhoto } from './photos.ts';

/**
 * A listing as a seller makes one on the site: 8 distinct 2,000 × 1,500 photos (a phone's photo
 * as the browser scales it before sending, docs/photos.md) uploaded, then the laptop added with
 * them. Returns the listing page's path.
 */
export async function listingWithPhotos(baseUrl: string): Promise<string> {
  const seller = await signUp(baseUrl, 'seller', 'bench-listing@example.test');
  // Seeds far from the photo part's (bench/photos.ts), though the sizes differ anyway.
  const jpegs = await photoJpegs(8, 10_001, 2000, 1500);
  const ids: string[] = [];
  for (const [i, jpeg] of jpegs.entries()) {
    ids.push((await uploadPhoto(baseUrl, seller.cookie, uploadOf(jpeg, `listing-${i + 1}.jpg`))).id);
  }
  if (new Set(ids).size !== 8) throw new Error('the 8 listing photos did not make 8 photos');
  const name = 'Lenovo ThinkPad X1 Carbon Gen 9 (bench, 8 photos)';
  const res = await post(
    baseUrl,
    '/api/addLaptop',
    {
      laptop_name: name,
      photos: ids,
      // The page shows similar laptops of its category: premium holds demo listings with photos,
      // not the API part's 1,000 casual ones, whose image URL points nowhere.
      category: 'premium',
      resale_price: 95_000,
      original_price: 185_000,
      conditionType: 'excellent',
      sellerMobileNumber: '01712345678',
      location: 'dhaka',
      usage_Time: 2,
      laptopDesc:
        'i7-1165G7, 16 GB RAM, 512 GB SSD, 14" 1920 × 1200. Battery holds 7 hours; box, charger and bill included.',
      brand: 'Lenovo',
      processor: 'Intel Core i7-1165G7',
      ram_gb: 16,
      storage_gb: 512,
      storage_type: 'ssd',
      screen_inches: 14,
      battery_health: 88,
    },
    { cookie: seller.cookie },
  );
  const laptop = (await res.json()) as { _id: string; laptop_name: string };
  const path = paths.laptop(laptop._id, laptop.laptop_name);
  // One visit before the audits, as `/` has had its requests in the API part: the page is rendered
  // and cached as for any listing someone has opened.
  const page = await fetch(`${baseUrl}${path}`, { headers: { accept: 'text/html' } });
  if (!page.ok) throw new Error(`GET ${path}: ${page.status}`);
  await page.arrayBuffer();
  return path;
}
