import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { addLaptopViaApi, expect, signUpViaApi, test } from './fixtures.ts';

// Conversations in the browser (docs/product.md#conversations), two people in two browser contexts
// against the real server: a buyer writes from a listing page asking for an advance, the seller
// sees the unread count and the conversation, with a warning under the buyer's message, and
// answers; the buyer reads the answer. At 360 px nothing scrolls sideways.

const PHONE = { width: 360, height: 740 };
const ADVANCE = 'send 500 tk advance to my bkash 01712345678';
const ANSWER = 'No advance, sorry. Come and see it in Mirpur 10 at 5 pm.';

/** A page of its own browser context, waiting for hydration as the `page` fixture does. */
async function pageOf(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    return response;
  };
  return page;
}

async function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}

test('a buyer asks from a listing, the seller sees the count, the warning and answers, the buyer reads it', async ({
  page: buyer,
  browser,
}) => {
  test.slow();
  const tag = randomUUID().slice(0, 6);
  const seller = await pageOf(browser);
  const sellerName = `Karim Laptops ${tag}`;
  await signUpViaApi(seller, { role: 'seller', name: sellerName });
  const laptopName = `Dell Latitude 7490 ${tag}`;
  const laptopId = await addLaptopViaApi(seller, { laptop_name: laptopName, resale_price: 28_000 });
  const buyerName = `Nadia Rahman ${tag}`;
  await signUpViaApi(buyer, { name: buyerName });

  // The buyer writes from the listing page; the thread opens with their message.
  await buyer.goto(`/laptops/${laptopId}`);
  await buyer.getByRole('button', { name: 'Message seller' }).click();
  await buyer.getByRole('textbox', { name: 'Your message to the seller' }).fill(ADVANCE);
  await buyer.getByRole('button', { name: 'Send' }).click();
  await expect(buyer).toHaveURL(/\/dashboard\/messages\/[^/]+$/);
  const threadPath = new URL(buyer.url()).pathname;
  const buyerThread = buyer.getByRole('list', { name: 'Messages' });
  await expect(buyerThread.getByText(ADVANCE)).toBeVisible();
  // One's own message carries no warning for oneself.
  await expect(buyerThread.getByRole('note')).toHaveCount(0);
  await expect(buyer.getByText('Tk 28,000')).toBeVisible();

  // The seller sees one unread message in the navbar and in the list.
  await seller.goto('/');
  await seller.getByRole('link', { name: 'Messages, 1 unread' }).click();
  await expect(seller).toHaveURL('/dashboard/messages');
  const row = seller.getByRole('link', { name: `${laptopName}, 1 unread` });
  await expect(row).toContainText(buyerName);
  await expect(row).toContainText(ADVANCE);
  await row.click();
  await expect(seller).toHaveURL(threadPath);
  await expect(seller.getByRole('heading', { level: 2, name: `Conversation with ${buyerName}` })).toBeVisible();
  await expect(seller.getByRole('link', { name: 'View the listing' })).toHaveAttribute('href', new RegExp(laptopId));

  // The warning under the buyer's message, with the rule.
  const received = seller.getByRole('list', { name: 'Messages' }).getByRole('listitem').filter({ hasText: ADVANCE });
  await expect(received.getByRole('note')).toHaveText(
    /asks for an advance payment.*Never pay before you have seen the laptop\./,
  );

  // The thread, warning included, passes axe (serious and critical).
  const { violations } = await new AxeBuilder({ page: seller }).analyze();
  expect(
    violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    'axe on the thread',
  ).toEqual([]);

  // Read: the count goes.
  await expect(
    seller.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Messages', exact: true }),
  ).toBeVisible();

  // The seller answers with Enter.
  const box = seller.getByRole('textbox', { name: 'Write a message' });
  await box.fill(ANSWER);
  await box.press('Enter');
  await expect(box).toHaveValue('');
  await expect(seller.getByRole('list', { name: 'Messages' }).getByText(ANSWER)).toBeVisible();

  // The buyer opens the thread and reads the answer, last and on the left.
  await buyer.goto('/dashboard/messages');
  await buyer.getByRole('link', { name: `${laptopName}, 1 unread` }).click();
  const last = buyer.getByRole('list', { name: 'Messages' }).getByRole('listitem').last();
  await expect(last).toContainText(ANSWER);
  await expect(last).toHaveClass(/chat-start/);
  // The box of messages is scrolled to its newest.
  const scroller = buyer.getByRole('list', { name: 'Messages' }).locator('..');
  await expect
    .poll(() => scroller.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight))
    .toBeLessThanOrEqual(2);

  // At 360 px, the thread and the list fit.
  for (const p of [buyer, seller]) {
    await p.setViewportSize(PHONE);
    await p.goto(threadPath);
    await expect(p.getByRole('textbox', { name: 'Write a message' })).toBeVisible();
    expect(await scrollsSideways(p), 'the thread at 360 px').toBe(false);
    await p.goto('/dashboard/messages');
    await expect(p.getByRole('link', { name: new RegExp(laptopName) })).toBeVisible();
    expect(await scrollsSideways(p), 'the list at 360 px').toBe(false);
  }
  // The seller reads the warning in Bangla, with the rule.
  await seller.context().addCookies([{ name: 'lang', value: 'bn', url: new URL(seller.url()).origin }]);
  await seller.goto(threadPath);
  await expect(
    seller.getByRole('list', { name: 'বার্তা' }).getByRole('listitem').filter({ hasText: ADVANCE }).getByRole('note'),
  ).toHaveText(/অগ্রিম টাকা চাওয়া হয়েছে।.*ল্যাপটপটি নিজের চোখে দেখার আগে কখনো টাকা দেবেন না।/);
  expect(await scrollsSideways(seller), 'the Bangla thread at 360 px').toBe(false);
  await seller.context().close();
});
