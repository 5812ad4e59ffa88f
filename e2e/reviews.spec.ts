import { randomUUID } from 'node:crypto';
import type { Browser } from '@playwright/test';
import { addLaptopViaApi, expect, signUpViaApi, test } from './fixtures.ts';

// Ratings from a completed deal (docs/product.md#ratings), with the buyer and the seller in two
// browsers: each rates the other, neither sees the other's rating before writing their own, and once
// both have rated the seller's page and the laptop's card show the buyer's words and stars. The deal
// itself is made through the API (e2e/deals.spec.ts takes it through the UI).

async function personIn(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  return { context, page };
}

test('buyer and seller rate each other after a sale; the review shows once both have rated', async ({
  page,
  browser,
}) => {
  test.slow();
  const name = `Rated Latitude ${randomUUID().slice(0, 8)}`;
  const seller = page;
  await signUpViaApi(seller, { role: 'seller', name: 'Karim Traders' });
  const laptopId = await addLaptopViaApi(seller, { laptop_name: name });
  const other = await addLaptopViaApi(seller, { laptop_name: `${name} (second)` });

  const buyer = await personIn(browser);
  await signUpViaApi(buyer.page, { role: 'buyer', name: 'Sadia Islam' });
  const booked = await buyer.page.request.post('/api/myOrders', {
    data: { laptop_id: laptopId, buyerPhoneNumber: '01812345678', meetingAddress: 'Bashundhara City, Dhaka' },
  });
  expect(booked.status()).toBe(201);
  const { _id: orderId } = (await booked.json()) as { _id: string };
  expect((await seller.request.put(`/api/myBuyers/${orderId}`, { data: { status: 'accepted' } })).status()).toBe(200);
  expect(
    (await seller.request.put(`/api/myProducts/${laptopId}`, { data: { salesStatus: 'sold', orderId } })).status(),
  ).toBe(200);

  // The buyer rates the seller from My Orders.
  await buyer.page.goto('/dashboard/myOrders');
  await buyer.page.getByRole('row').filter({ hasText: name }).getByRole('button', { name: 'Rate the seller' }).click();
  const buyerDialog = buyer.page.getByRole('dialog', { name: 'Rate this deal' });
  await buyerDialog.getByRole('radio', { name: '5 stars' }).check();
  await buyerDialog.getByLabel('What would you tell others? (optional)').fill('Honest seller, laptop as described.');
  await buyerDialog.getByRole('button', { name: 'Send rating' }).click();
  await expect(buyerDialog.getByText('Hidden until the other side rates too, or for a week at most.')).toBeVisible();

  // Not public yet: the seller page says nobody rated them.
  const visitor = await personIn(browser);
  await visitor.page.goto(`/laptops/${other}`);
  await visitor.page.getByRole('link', { name: 'Karim Traders' }).click();
  await expect(visitor.page.getByRole('heading', { level: 1, name: 'Karim Traders' })).toBeVisible();
  await expect(visitor.page.getByText('No ratings yet')).toBeVisible();
  await expect(visitor.page.getByText('No reviews yet.')).toBeVisible();
  await expect(visitor.page.getByText('Laptops sold')).toBeVisible();

  // The seller, who has not rated yet, does not see the buyer's rating; then rates her.
  await seller.goto('/dashboard/myBuyers');
  await seller.getByRole('row').filter({ hasText: name }).getByRole('button', { name: 'Rate the buyer' }).click();
  const sellerDialog = seller.getByRole('dialog', { name: 'Rate this deal' });
  await expect(sellerDialog.getByRole('button', { name: 'Send rating' })).toBeVisible();
  await expect(sellerDialog.getByText('Honest seller, laptop as described.')).toHaveCount(0);
  await sellerDialog.getByRole('radio', { name: '4 stars' }).check();
  await sellerDialog.getByRole('button', { name: 'Send rating' }).click();
  await expect(sellerDialog.getByText('Public.')).toBeVisible();
  await expect(sellerDialog.getByText("The buyer's rating of you")).toBeVisible();
  await expect(sellerDialog.getByText('Honest seller, laptop as described.')).toBeVisible();

  // Both rated: the seller page shows her words and the stars, and so does the other laptop's card.
  await visitor.page.reload();
  const reviews = visitor.page.getByRole('region', { name: 'What buyers said' });
  await expect(reviews.getByText('Honest seller, laptop as described.')).toBeVisible();
  await expect(reviews.getByText('Sadia Islam')).toBeVisible();
  await expect(visitor.page.getByRole('img', { name: 'Rated 5.0 out of 5 by 1 buyer' }).first()).toBeVisible();
  await visitor.page.goto(`/laptops/${other}`);
  await expect(visitor.page.getByRole('img', { name: 'Rated 5.0 out of 5 by 1 buyer' }).first()).toBeVisible();

  // The buyer now reads the seller's rating of her.
  await buyer.page.reload();
  await buyer.page.getByRole('row').filter({ hasText: name }).getByRole('button', { name: 'Rate the seller' }).click();
  await expect(buyer.page.getByRole('dialog').getByText("The seller's rating of you")).toBeVisible();

  await buyer.context.close();
  await visitor.context.close();
});
