import { randomUUID } from 'node:crypto';
import { addLaptopViaApi, expect, pageOf, signUpViaApi, test } from './fixtures.ts';

// Saved searches and their alerts (docs/product.md#saved-searches): a buyer on a phone, in Bangla,
// saves "Dell, 16 GB, under Tk 60,000"; a seller then posts such a laptop, and the buyer's open page
// hears of it (the bell and a toast) without a reload; a laptop that does not match tells nobody.

const ORIGIN = `http://127.0.0.1:${process.env.E2E_PORT ?? '3100'}`;

test('a buyer saves a search in Bangla on a phone and hears when a matching laptop is posted', async ({
  page,
  browser,
}) => {
  test.slow();
  const tag = randomUUID().slice(0, 6);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.context().addCookies([{ name: 'lang', value: 'bn', url: ORIGIN }]);
  await signUpViaApi(page, { name: `Saver ${tag}` });

  await page.goto('/search?brand=Dell&ram=16&maxPrice=60000');
  await page.getByRole('button', { name: 'এই সার্চটি সেভ করুন' }).click();
  const dialog = page.getByRole('dialog', { name: 'এই সার্চটি সেভ করুন' });
  await expect(dialog.getByLabel('নাম')).toHaveValue('Dell · ১৬ জিবি র‍্যাম · ৳৬০,০০০ পর্যন্ত');
  await dialog.getByLabel('নাম').fill(`ডেল ${tag}`);
  await dialog.getByRole('button', { name: 'সার্চ সেভ করুন' }).click();
  await expect(page.getByText('সার্চ সেভ হয়েছে। নতুন কোনো ল্যাপটপ মিললে আমরা আপনাকে জানাব।')).toBeVisible();
  // Nothing on the phone's page is wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  const seller = await pageOf(browser);
  await signUpViaApi(seller, { role: 'seller', name: `Seller ${tag}` });
  // Another brand, and a Dell over the price: neither matches.
  await addLaptopViaApi(seller, { laptop_name: `HP EliteBook ${tag}`, brand: 'HP', ram_gb: 16, resale_price: 40_000 });
  await addLaptopViaApi(seller, { laptop_name: `Dell XPS ${tag}`, brand: 'Dell', ram_gb: 16, resale_price: 90_000 });
  await addLaptopViaApi(seller, {
    laptop_name: `Dell Latitude 5420 ${tag}`,
    brand: 'Dell',
    ram_gb: 16,
    resale_price: 55_000,
  });

  // Live on the open page, within the minute the alerts promise.
  const news = page.getByText(`আপনার সেভ করা সার্চ ডেল ${tag}-এর জন্য নতুন: Dell Latitude 5420 ${tag}, ৳৫৫,০০০।`);
  await expect(news.first()).toBeVisible({ timeout: 60_000 });

  await page.goto('/dashboard/savedSearches');
  const row = page.getByRole('listitem').filter({ hasText: `ডেল ${tag}` });
  await expect(row.getByText('১টি নতুন ল্যাপটপ')).toBeVisible();
  // Opening it shows the laptop, and counts it as seen.
  await row.getByRole('link', { name: `ডেল ${tag}` }).click();
  await expect(page.getByRole('heading', { name: `Dell Latitude 5420 ${tag}` })).toBeVisible();
  await page.goto('/dashboard/savedSearches');
  await expect(row.getByText('শেষবার দেখার পর নতুন কিছু নেই')).toBeVisible();

  // Only the matching laptop told them.
  const list = (await (await page.request.get('/api/notifications?limit=20')).json()) as {
    items: { kind: string; laptop_name: string }[];
  };
  expect(list.items.filter((n) => n.kind === 'saved_search_match').map((n) => n.laptop_name)).toEqual([
    `Dell Latitude 5420 ${tag}`,
  ]);
  await seller.close();
});
