import { randomUUID } from 'node:crypto';
import type { Browser } from '@playwright/test';
import { addLaptopViaApi, expect, signUpViaApi, test } from './fixtures.ts';

// The whole deal through the UI (docs/product.md#deals), with two people in two browsers: a buyer
// books, the seller hears of it live and accepts, the buyer sees the answer live, the seller marks
// the laptop sold to them, and the laptop leaves the search.

async function personIn(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  return { context, page };
}

test('a buyer and a seller take a laptop from listing to sold, each seeing the other live', async ({
  page,
  browser,
}) => {
  test.slow();
  const name = `Deal ThinkPad ${randomUUID().slice(0, 8)}`;

  // The seller lists a laptop and waits on My Buyers.
  const seller = page;
  await signUpViaApi(seller, { role: 'seller', name: 'Karim Traders' });
  const laptopId = await addLaptopViaApi(seller, {
    laptop_name: name,
    laptop_img: 'https://images.example.com/t480.jpg',
    resale_price: 32_000,
    original_price: 68_000,
    laptopDesc: 'i5-8350U, 16 GB RAM, 256 GB SSD.',
  });
  const sellerStream = seller.waitForResponse((r) => new URL(r.url()).pathname === '/api/notifications/stream');
  await seller.goto('/dashboard/myBuyers');
  // Opened once the bell's list is there, after the newest notification it shows (none yet: 0).
  expect((await sellerStream).status()).toBe(200);
  expect(new URL((await sellerStream).url()).searchParams.get('after')).toBe('0');
  await expect(seller.getByText('No one has booked your laptops yet.')).toBeVisible();
  await expect(seller.getByRole('button', { name: 'Notifications' })).toBeVisible();

  // The buyer books it from its page.
  const buyer = await personIn(browser);
  await signUpViaApi(buyer.page, { role: 'buyer', name: 'Sadia Islam' });
  await buyer.page.goto(`/laptops/${laptopId}`);
  await buyer.page.getByRole('button', { name: 'Book Now' }).click();
  const dialog = buyer.page.getByRole('dialog');
  await dialog.getByLabel('Phone number').fill('01812345678');
  await dialog.getByLabel('Meeting address').fill('Bashundhara City, Dhaka');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(buyer.page.getByText(`${name} successfully Booked`)).toBeVisible();
  // Live on the seller's side, without a reload: the bell and a toast, looked for at once (a toast
  // goes after 6 s, and the buyer's next steps can take longer on a slow machine).
  await expect(seller.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();
  await expect(seller.getByText(`Sadia Islam booked your ${name}.`).first()).toBeVisible();
  // Her notification stream is open before the seller answers, so that the answer comes as a live
  // toast (one sent before the list loads is in the list, and comes as no toast).
  const stream = buyer.page.waitForResponse((r) => new URL(r.url()).pathname === '/api/notifications/stream');
  await buyer.page.goto('/dashboard/myOrders');
  expect((await stream).status()).toBe(200);
  const order = buyer.page.getByRole('row').filter({ hasText: name });
  await expect(order.getByText('Waiting for the seller').filter({ visible: true })).toBeVisible();

  // The booking joined the seller's list live too.
  const booking = seller.getByRole('row').filter({ hasText: name }).filter({ hasText: 'Sadia Islam' });
  await expect(booking).toBeVisible();
  await expect(booking.getByRole('link', { name: '01812345678' }).filter({ visible: true })).toHaveAttribute(
    'href',
    'tel:01812345678',
  );

  // The seller accepts; the buyer's My Orders says so without a reload.
  await booking.getByRole('button', { name: 'Accept' }).filter({ visible: true }).click();
  await expect(
    buyer.page.getByText(`The seller accepted your booking of ${name}.`, { exact: false }).first(),
  ).toBeVisible();
  await expect(order.getByText('Accepted — meet the seller').filter({ visible: true })).toBeVisible();

  // They met; the seller marks it sold to her.
  await booking.getByRole('button', { name: 'Mark sold' }).filter({ visible: true }).click();
  const confirm = seller.getByRole('dialog', { name: 'Mark this laptop as sold to Sadia Islam?' });
  await confirm.getByRole('button', { name: 'Mark sold' }).click();
  await expect(booking.getByText('Sold to this buyer').filter({ visible: true })).toBeVisible();
  await expect(order.getByText('Bought').filter({ visible: true })).toBeVisible();

  // The laptop has left the search, and its page says sold.
  await buyer.page.goto(`/search?q=${encodeURIComponent(name)}`);
  await expect(buyer.page.getByRole('heading', { name: /No laptops match/ })).toBeVisible();
  await buyer.page.goto(`/laptops/${laptopId}`);
  await expect(buyer.page.getByText('This laptop has been sold.')).toBeVisible();
  await buyer.context.close();
});
