import type { APIRequestContext } from '@playwright/test';
import { photoLike } from '../src/server/test/photos.ts';
import type { Photo } from '../src/shared/photos.ts';
import type { LaptopDetail } from '../src/shared/search.ts';
import { expect, signUpViaApi, test } from './fixtures.ts';

// Editing a listing from a phone (docs/product.md#edit-a-listing): a seller opens My Products at
// 360 px, edits a listing's description and photos (one removed, one added and made the cover),
// and the listing's page shows the new text and the photos in the new order.

const picture = (r: number, g: number, b: number) =>
  photoLike(1200, 800).tint({ r, g, b }).jpeg({ quality: 85 }).toBuffer();

async function uploadPhoto(request: APIRequestContext, origin: string, name: string, buffer: Buffer) {
  const res = await request.post('/api/photos', {
    headers: { origin },
    multipart: { photo: { name, mimeType: 'image/jpeg', buffer } },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Photo;
}

test('a seller edits a listing’s description and photos from a phone', async ({ page, baseURL }) => {
  test.slow();
  await page.setViewportSize({ width: 360, height: 740 });
  const seller = await signUpViaApi(page, { role: 'seller', name: 'Edit Seller' });
  const origin = baseURL!;
  const first = await uploadPhoto(page.request, origin, 'first.jpg', await picture(200, 40, 40));
  const second = await uploadPhoto(page.request, origin, 'second.jpg', await picture(40, 160, 60));
  const laptopName = `HP EliteBook 840 G5 ${seller.email.slice(7, 15)}`;
  const added = await page.request.post('/api/addLaptop', {
    headers: { origin },
    data: {
      laptop_name: laptopName,
      photos: [first.id, second.id],
      category: 'casual',
      resale_price: 38000,
      original_price: 90000,
      conditionType: 'good',
      sellerMobileNumber: '01712345678',
      location: 'dhaka',
      usage_months: 7,
      laptopDesc: 'Core i5-8250U, 8 GB RAM, 256 GB SSD. Battery holds 3 hors.',
    },
  });
  expect(added.status(), await added.text()).toBe(201);
  const { _id: id } = (await added.json()) as { _id: string };

  await page.goto('/dashboard/myProducts');
  const row = page.getByRole('row').filter({ hasText: laptopName });
  await row.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(`/dashboard/myProducts/${id}/edit`);
  await expect(page.getByRole('heading', { level: 2, name: 'Edit the listing' })).toBeVisible();

  // The form is filled in with the listing, its two photos shown as they are.
  await expect(page.getByLabel('Laptop name')).toHaveValue(laptopName);
  await expect(page.getByLabel('Months of use')).toHaveValue('7');
  const photos = page.getByRole('list', { name: 'Your photos' }).getByRole('listitem');
  await expect(photos).toHaveCount(2);

  // Fix the typo, remove the first photo, add a new one and make it the cover.
  const description = page.getByLabel('Laptop description');
  await description.fill('Core i5-8250U, 8 GB RAM, 256 GB SSD. Battery holds 3 hours.');
  await page.getByRole('button', { name: 'Remove photo 1' }).click();
  await expect(photos).toHaveCount(1);
  const uploads: Photo[] = [];
  page.on('response', async (response) => {
    if (response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/photos') {
      if (response.status() === 201) uploads.push((await response.json()) as Photo);
    }
  });
  await page
    .getByLabel('Choose photos')
    .setInputFiles([{ name: 'IMG_0100.jpg', mimeType: 'image/jpeg', buffer: await picture(40, 60, 220) }]);
  await expect(photos).toHaveCount(2);
  await expect.poll(() => uploads.length, { timeout: 30_000 }).toBe(1);
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await page.getByRole('button', { name: 'Move photo 2 earlier' }).click();

  // Nothing of the form runs past a phone's screen.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Listing updated')).toBeVisible();
  await expect(page).toHaveURL('/dashboard/myProducts');

  const res = await page.request.get(`/api/laptops/${id}`);
  const laptop = (await res.json()) as LaptopDetail;
  expect(laptop.laptopDesc).toBe('Core i5-8250U, 8 GB RAM, 256 GB SSD. Battery holds 3 hours.');
  expect(laptop.photos.map((p) => p.id)).toEqual([uploads[0]!.id, second.id]);

  // The listing's page shows the new text, the new cover first.
  await page.goto(`/laptops/${id}`);
  await expect(page.getByText('Battery holds 3 hours.')).toBeVisible();
  await expect(page.getByText('7 months').first()).toBeVisible();
});
