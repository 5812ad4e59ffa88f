import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Browser, Page, TestInfo } from '@playwright/test';
import { addLaptopViaApi, expect, signIn, signUpViaApi, test } from './fixtures.ts';

// Honest listings (docs/product.md#moderation): a listing whose description carries a phone number
// is held; nobody but its seller and the admin sees it until the admin approves it on Moderation;
// a rejected one tells its seller why. Each test lists with a seller of its own, so the queue and My
// Products hold nothing another test changes.

const NOT_FOUND = 'OOps!!! Something went wrong.';
const CONTACT_FLAG = 'Contact details or an advance request in the text';

function newPerson(browser: Browser, info: TestInfo) {
  return browser.newContext({ baseURL: info.project.use.baseURL });
}

/** A listing whose description gives a phone number to call (`contact_in_text`). */
async function listHeld(seller: APIRequestContext, label: string) {
  const name = `HP EliteBook 840 ${label} ${randomUUID().slice(0, 6)}`;
  const id = await addLaptopViaApi(seller, {
    laptop_name: name,
    laptopDesc: 'Core i5, 8 GB RAM. Call me on 01712 345678 before you come.',
  });
  return { id, name, path: `/laptops/${id}` };
}

async function searchIds(request: APIRequestContext, name: string) {
  const res = await request.get(`/api/laptops?q=${encodeURIComponent(name)}`);
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { items: { _id: string }[] }).items.map((l) => l._id);
}

async function openModeration(page: Page) {
  await signIn(page, 'admin');
  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Moderation' }).click();
  await expect(page).toHaveURL('/dashboard/moderation');
  await expect(page.getByRole('heading', { level: 2, name: 'Moderation' })).toBeVisible();
}

test('a held listing is seen by nobody but its seller until the admin approves it', async ({ page, browser }, info) => {
  test.slow();
  const [sellerContext, buyerContext] = await Promise.all([newPerson(browser, info), newPerson(browser, info)]);
  try {
    await signUpViaApi(sellerContext.request, { role: 'seller' });
    const laptop = await listHeld(sellerContext.request, 'approved');

    // The seller: Under review in My Products, why, and no Advertise.
    const seller = await sellerContext.newPage();
    await seller.goto('/dashboard/myProducts');
    const row = seller.getByRole('row').filter({ hasText: laptop.name });
    await expect(row.getByText('Under review', { exact: true }).filter({ visible: true })).toBeVisible();
    await expect(row.getByText('The title or description has contact details or asks for an advance')).toBeVisible();
    await expect(row.getByRole('button', { name: /Advertise/ })).toHaveCount(0);
    await row.getByRole('link', { name: laptop.name }).click();
    await expect(seller.getByRole('heading', { level: 1, name: laptop.name })).toBeVisible();
    await expect(seller.getByText('only you and the admin can see this listing.')).toBeVisible();
    // Opened by its address (the server renders it for everyone as not found), it is shown to its
    // seller once the browser asks with their session.
    await seller.goto(laptop.path);
    await expect(seller.getByRole('heading', { level: 1, name: laptop.name })).toBeVisible();
    await expect(seller.getByText('only you and the admin can see this listing.')).toBeVisible();

    // A buyer: the page not found, and search does not list it.
    await signUpViaApi(buyerContext.request);
    const buyer = await buyerContext.newPage();
    const hidden = await buyer.goto(laptop.path);
    expect(hidden?.status()).toBe(404);
    await expect(buyer.getByRole('heading', { level: 1, name: NOT_FOUND })).toBeVisible();
    expect(await searchIds(buyerContext.request, laptop.name)).not.toContain(laptop.id);

    // The admin approves it on Moderation.
    await openModeration(page);
    const card = page.getByRole('article', { name: laptop.name });
    await expect(card.getByText(CONTACT_FLAG)).toBeVisible();
    await expect(card.getByText('Has a phone number')).toBeVisible();
    await card.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByText('Listing published')).toBeVisible();
    await expect(card).toHaveCount(0);

    // Now the buyer finds it.
    const shown = await buyer.goto(laptop.path);
    expect(shown?.status()).toBe(200);
    await expect(buyer.getByRole('heading', { level: 1, name: laptop.name })).toBeVisible();
    expect(await searchIds(buyerContext.request, laptop.name)).toContain(laptop.id);
  } finally {
    await Promise.all([sellerContext.close(), buyerContext.close()]);
  }
});

test('a rejected listing tells its seller why', async ({ page, browser }, info) => {
  test.slow();
  const sellerContext = await newPerson(browser, info);
  try {
    await signUpViaApi(sellerContext.request, { role: 'seller' });
    const laptop = await listHeld(sellerContext.request, 'rejected');
    const seller = await sellerContext.newPage();
    await seller.goto('/dashboard/myProducts');
    await expect(
      seller
        .getByRole('row')
        .filter({ hasText: laptop.name })
        .getByText('Under review', { exact: true })
        .filter({ visible: true }),
    ).toBeVisible();

    await openModeration(page);
    const card = page.getByRole('article', { name: laptop.name });
    await card.getByRole('button', { name: 'Reject' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reject this listing?' });
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expect(dialog.getByText('Write the reason for the seller.')).toBeVisible();
    await dialog
      .getByRole('textbox', { name: 'Reason, for the seller' })
      .fill('Please keep your number out of the text.');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expect(page.getByText('Listing rejected. The seller has been told why.')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(card).toHaveCount(0);

    // The seller: the bell, and Rejected with the reason in My Products.
    await seller.reload();
    await expect(seller.getByRole('button', { name: /^Notifications, \d+ unread/ })).toBeVisible();
    const row = seller.getByRole('row').filter({ hasText: laptop.name });
    await expect(row.getByText('Rejected', { exact: true }).filter({ visible: true })).toBeVisible();
    await expect(row.getByText('Please keep your number out of the text.')).toBeVisible();
    await expect(row.getByRole('button', { name: /Advertise/ })).toHaveCount(0);
    const told = (await (await sellerContext.request.get('/api/notifications')).json()) as {
      items: { kind: string; laptop_id: string; note: string | null }[];
    };
    expect(told.items.find((n) => n.laptop_id === laptop.id)).toMatchObject({
      kind: 'listing_rejected',
      note: 'Please keep your number out of the text.',
    });
  } finally {
    await sellerContext.close();
  }
});

test.describe('at 360 px wide', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the Moderation page fits and passes axe', async ({ page, browser }, info) => {
    const sellerContext = await newPerson(browser, info);
    try {
      await signUpViaApi(sellerContext.request, { role: 'seller' });
      const laptop = await listHeld(sellerContext.request, 'narrow');
      await signIn(page, 'admin');
      await page.goto('/dashboard/moderation');
      const card = page.getByRole('article', { name: laptop.name });
      await expect(card.getByRole('button', { name: 'Approve' })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      const box = (await card.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(360);

      const { violations } = await new AxeBuilder({ page }).analyze();
      expect(
        violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      ).toEqual([]);

      // The reject dialog too.
      await card.getByRole('button', { name: 'Reject' }).click();
      const dialog = page.getByRole('dialog', { name: 'Reject this listing?' });
      await expect(dialog.getByRole('textbox', { name: 'Reason, for the seller' })).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    } finally {
      await sellerContext.close();
    }
  });
});
