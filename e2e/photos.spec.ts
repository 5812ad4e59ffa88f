import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { PHONE_EXIF, phoneJpeg, photoLike } from '../src/server/test/photos.ts';
import { LAPTOP_MESSAGES } from '../src/shared/laptops.ts';
import type { Photo } from '../src/shared/photos.ts';
import { expect, signUpViaApi, test } from './fixtures.ts';

// Photos from a phone to a buyer's screen (docs/photos.md), on a phone-sized screen: a new seller
// picks three photos, reorders them and publishes; the listing's gallery shows them in that order,
// and no served file carries the phone's EXIF.

/** Three different pictures as a phone's camera writes them: EXIF with the maker and GPS. */
async function cameraPhotos() {
  const tinted = (width: number, height: number, tint: { r: number; g: number; b: number }) =>
    photoLike(width, height).tint(tint).jpeg({ quality: 85 }).withExif(PHONE_EXIF).toBuffer();
  return [
    // 3000 × 2000 as the sensor stores it, to be turned upright (EXIF orientation 6): 2000 × 3000.
    { name: 'IMG_0001.jpg', mimeType: 'image/jpeg', buffer: await phoneJpeg(3000, 2000) },
    { name: 'IMG_0002.jpg', mimeType: 'image/jpeg', buffer: await tinted(2400, 1600, { r: 200, g: 40, b: 40 }) },
    { name: 'IMG_0003.jpg', mimeType: 'image/jpeg', buffer: await tinted(1600, 1200, { r: 40, g: 60, b: 220 }) },
  ];
}

/** The photos POST /api/photos stores from now on, in the order it answers (a refusal shows in the form). */
function uploadedPhotos(page: Page): Photo[] {
  const photos: Photo[] = [];
  page.on('response', async (response) => {
    const url = new URL(response.url());
    if (response.request().method() === 'POST' && url.pathname === '/api/photos' && response.status() === 201) {
      photos.push((await response.json()) as Photo);
    }
  });
  return photos;
}

test('a new seller adds three photos from a phone, reorders them, and buyers see them without EXIF', async ({
  page,
}) => {
  // Three photos scaled in the browser and processed on the server (AVIF and WebP at five sizes
  // each), a form, two pages, and 30 files checked.
  test.slow();
  await page.setViewportSize({ width: 360, height: 740 });
  const seller = await signUpViaApi(page, { role: 'seller', name: 'Photo Seller' });
  const laptopName = `Dell Latitude 7490 ${seller.email.slice(7, 15)}`;
  const files = await cameraPhotos();

  await page.goto('/dashboard/addAProduct');
  await expect(page.getByRole('heading', { level: 2, name: 'Add A Product' })).toBeVisible();
  const uploaded = uploadedPhotos(page);
  await page.getByLabel('Choose photos').setInputFiles(files);

  const yourPhotos = page.getByRole('list', { name: 'Your photos' }).getByRole('listitem');
  await expect(yourPhotos).toHaveCount(3);
  // Each thumbnail is the local picture, drawn before anything is sent.
  for (const n of [1, 2, 3]) {
    const thumbnail = page.getByRole('img', { name: `Upload ${n} of 3` });
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  }
  await expect.poll(() => uploaded.length, { timeout: 30_000 }).toBe(3);
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Your photos' }).getByRole('alert')).toHaveCount(0);
  const [first, second, third] = uploaded as [Photo, Photo, Photo];
  expect(new Set(uploaded.map((p) => p.id)).size).toBe(3);
  // Turned upright on its way (EXIF orientation 6): the phone's 3000 × 2000 is a portrait.
  expect(first.height).toBeGreaterThan(first.width);

  // The third to the front: it becomes the cover.
  await page.getByRole('button', { name: 'Move photo 3 earlier' }).click();
  await page.getByRole('button', { name: 'Move photo 2 earlier' }).click();
  await expect(yourPhotos.first().getByText('Cover')).toBeVisible();
  await expect(page.getByText('Cover', { exact: true })).toHaveCount(1);
  const order = [third, first, second];

  await page.getByLabel('Laptop name').fill(laptopName);
  await page.getByLabel('Laptop category').selectOption('premium');
  await page.getByLabel('Resale price').fill('38000');
  await page.getByLabel('Original price').fill('110000');
  await page.getByLabel('Condition type').selectOption('excellent');
  await page.getByLabel('Mobile number').fill('01812345678');
  await page.getByLabel('Location').selectOption('dhaka');
  await page.getByLabel('Months of use').fill('24');
  await page.getByLabel('Laptop description').fill('Core i7 8th gen, 16 GB RAM, 512 GB SSD, photos of every side.');
  const adding = page.waitForResponse(
    (response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/addLaptop',
  );
  await page.getByRole('button', { name: 'Add laptop' }).click();
  const added = await adding;
  expect(added.status()).toBe(201);
  expect(added.request().postDataJSON()).toMatchObject({ photos: order.map((p) => p.id) });
  const laptop = (await added.json()) as { _id: string; laptop_img: string; cover_photo: Photo | null };
  expect(laptop.cover_photo?.id).toBe(third.id);

  // My Products shows the cover as a <picture>.
  await expect(page.getByText(LAPTOP_MESSAGES.added)).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/myProducts$/);
  const row = page.getByRole('row').filter({ hasText: laptopName });
  await expect(row.locator('picture source[type="image/avif"]')).toHaveAttribute(
    'srcset',
    new RegExp(`/photos/${third.id}/320\\.avif 320w`),
  );
  await expect(row.locator('picture img')).toHaveAttribute('alt', laptopName);
  await expect
    .poll(() => row.locator('picture img').evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);

  // The listing's page: the cover first, and only it fetched until the buyer reaches for the gallery.
  const photoRequests: string[] = [];
  page.on('request', (request) => {
    if (uploaded.some((p) => request.url().includes(`/photos/${p.id}/`))) photoRequests.push(request.url());
  });
  await page.goto(`/laptops/${laptop._id}`);
  const gallery = page.getByRole('region', { name: `Photos of ${laptopName}` });
  const counter = gallery.getByText(/^\d \/ 3$/);
  await expect(counter).toHaveText('1 / 3');
  const shown = (n: number) => gallery.getByRole('img', { name: `${laptopName}, photo ${n} of 3` });
  await expect(shown(1)).toBeVisible();
  await expect
    .poll(() => shown(1).evaluate((img: HTMLImageElement) => img.complete && img.currentSrc))
    .toMatch(new RegExp(`/photos/${third.id}/\\d+\\.(avif|webp)$`));
  expect(photoRequests.length).toBeGreaterThan(0);
  expect(photoRequests.filter((url) => !url.includes(third.id))).toEqual([]);

  await gallery.getByRole('button', { name: 'Next photo' }).click();
  await expect(counter).toHaveText('2 / 3');
  await expect(shown(2)).toBeInViewport();
  const track = gallery.getByRole('region', { name: 'Photos: use the arrow keys to move between them' });
  await track.focus();
  await page.keyboard.press('ArrowRight');
  await expect(counter).toHaveText('3 / 3');
  await expect(shown(3)).toBeInViewport();
  await expect(gallery.getByRole('button', { name: 'Next photo' })).toBeDisabled();
  // Each photo where it was put, and loaded once it came into view.
  for (const [i, photo] of order.entries()) {
    await expect
      .poll(() =>
        gallery
          .locator('img')
          .nth(i)
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && img.currentSrc),
      )
      .toContain(`/photos/${photo.id}/`);
  }
  await page.keyboard.press('ArrowLeft');
  await expect(counter).toHaveText('2 / 3');

  // Every file served for these photos: the kind its name says, and no EXIF, XMP or IPTC left.
  for (const photo of order) {
    expect(photo.widths).toEqual([320, 640, 720, 960, 1280]);
    for (const width of photo.widths) {
      for (const format of ['avif', 'webp'] as const) {
        const url = `/photos/${photo.id}/${width}.${format}`;
        const response = await page.request.get(url);
        expect(response.status(), url).toBe(200);
        const bytes = await response.body();
        const meta = await sharp(bytes).metadata();
        expect(meta.format === 'heif' ? 'avif' : meta.format, url).toBe(format);
        expect(meta.width, url).toBe(width);
        expect(meta.exif, url).toBeUndefined();
        expect(meta.xmp, url).toBeUndefined();
        expect(meta.iptc, url).toBeUndefined();
        expect(meta.orientation, url).toBeUndefined();
        expect(bytes.includes(Buffer.from(PHONE_EXIF.IFD0.Make)), url).toBe(false);
        expect(bytes.includes(Buffer.from('Exif\0\0', 'latin1')), url).toBe(false);
      }
    }
  }
  // Turned upright: the phone's 3000 × 2000 stands as a portrait.
  const upright = await sharp(await (await page.request.get(`/photos/${first.id}/640.webp`)).body()).metadata();
  expect(upright.height).toBeGreaterThan(upright.width);
});
