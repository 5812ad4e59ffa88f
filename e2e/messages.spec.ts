import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { addLaptopViaApi, expect, pageOf, sellerAndBuyer, signIn, signUpViaApi, test } from './fixtures.ts';

// Conversations in the browser (docs/product.md#conversations), two people in two browser contexts
// against the real server: a buyer writes from a listing page asking for an advance, the seller
// sees the unread count and the conversation, with a warning under the buyer's message, and
// answers; the buyer reads the answer. At 360 px nothing scrolls sideways.

const PHONE = { width: 360, height: 740 };
const ADVANCE = 'send 500 tk advance to my bkash 01712345678';
const ANSWER = 'No advance, sorry. Come and see it in Mirpur 10 at 5 pm.';

async function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}

test('a buyer asks from a listing, the seller sees the count, the warning and answers, the buyer reads it', async ({
  page: buyer,
  browser,
}) => {
  test.slow();
  const { seller, laptopId, laptopName, buyerName } = await sellerAndBuyer(
    browser,
    buyer,
    { seller: 'Karim Laptops', laptop: 'Dell Latitude 7490', buyer: 'Nadia Rahman' },
    { resale_price: 28_000 },
  );

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

  // The buyer, still on the thread, sees the answer arrive live, last and on the left, and it is
  // read at once: the navbar counts nothing.
  const last = buyer.getByRole('list', { name: 'Messages' }).getByRole('listitem').last();
  await expect(last).toContainText(ANSWER);
  await expect(last).toHaveClass(/chat-start/);
  await expect(
    buyer.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Messages', exact: true }),
  ).toBeVisible();
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

/** A seller with a fresh listing and a buyer who wrote about it: the thread's path, and both pages. */
async function startConversation(buyer: Page, browser: Browser, text: string) {
  const { seller, sellerName, laptopId, laptopName, buyerName } = await sellerAndBuyer(browser, buyer, {
    seller: 'Karim Laptops',
    laptop: 'HP EliteBook 840',
    buyer: 'Nadia Rahman',
  });
  await buyer.goto(`/laptops/${laptopId}`);
  await buyer.getByRole('button', { name: 'Message seller' }).click();
  await buyer.getByRole('textbox', { name: 'Your message to the seller' }).fill(text);
  await buyer.getByRole('button', { name: 'Send' }).click();
  await expect(buyer).toHaveURL(/\/dashboard\/messages\/[^/]+$/);
  return { seller, sellerName, buyerName, laptopId, laptopName, threadPath: new URL(buyer.url()).pathname };
}

const BLOCKED = 'This person has blocked you: you cannot message them or book their laptops';

test('a buyer the seller blocked is told so when writing and when booking', async ({ page: buyer, browser }) => {
  test.slow();
  const { seller, buyerName, laptopId, threadPath } = await startConversation(buyer, browser, 'Is it still available?');

  // The seller blocks the buyer from the thread (asked first).
  await seller.goto(threadPath);
  await seller.getByRole('button', { name: `Block ${buyerName}` }).click();
  await seller
    .getByRole('dialog', { name: `Block ${buyerName}?` })
    .getByRole('button', { name: 'Block' })
    .click();
  await expect(
    seller.getByText('You blocked this person: they cannot write to you or book your laptops.'),
  ).toBeVisible();
  await expect(seller.getByRole('textbox', { name: 'Write a message' })).toHaveCount(0);

  // The buyer's open thread still has its box: the server refuses, and says why.
  const box = buyer.getByRole('textbox', { name: 'Write a message' });
  await box.fill('Hello?');
  await box.press('Enter');
  await expect(buyer.getByRole('alert').filter({ hasText: BLOCKED })).toBeVisible();
  await expect(box).toHaveValue('Hello?');
  // Read again, the thread says plainly that they cannot reply.
  await buyer.reload();
  await expect(buyer.getByText("You can't reply in this conversation.")).toBeVisible();
  await expect(box).toHaveCount(0);

  // Book Now is refused with the same words.
  await buyer.goto(`/laptops/${laptopId}`);
  const bookNow = buyer.getByRole('button', { name: 'Book Now' });
  await expect(bookNow).toBeEnabled();
  await bookNow.click();
  const dialog = buyer.getByRole('dialog');
  await dialog.getByLabel('Phone number').fill('01712345678');
  await dialog.getByLabel('Meeting address').fill('Dhanmondi 27, Dhaka');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(BLOCKED);

  // Unblocked, the buyer may write again.
  await seller.goto('/dashboard/messages');
  await seller
    .getByRole('region', { name: 'Blocked people' })
    .getByRole('button', { name: `Unblock ${buyerName}` })
    .click();
  await expect(seller.getByRole('region', { name: 'Blocked people' })).toHaveCount(0);
  await buyer.goto(threadPath);
  await expect(buyer.getByRole('textbox', { name: 'Write a message' })).toBeVisible();
  await seller.context().close();
});

test('a reported conversation shows on the admin’s Reports page, and the admin reads it', async ({
  page: buyer,
  browser,
}) => {
  test.slow();
  const { seller, sellerName, buyerName, threadPath } = await startConversation(
    buyer,
    browser,
    'Is the battery still good?',
  );
  await seller.goto(threadPath);
  const box = seller.getByRole('textbox', { name: 'Write a message' });
  await box.fill(ADVANCE);
  await box.press('Enter');
  await expect(box).toHaveValue('');

  // The buyer reports the conversation: the reason is asked for, then sent once.
  await buyer.goto(threadPath);
  await expect(buyer.getByRole('list', { name: 'Messages' }).getByText(ADVANCE)).toBeVisible();
  await buyer.getByRole('button', { name: 'Report conversation' }).click();
  const dialog = buyer.getByRole('dialog', { name: 'Report this conversation' });
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByText('Choose a reason.')).toBeVisible();
  await dialog.getByRole('radio', { name: 'Scam, or asks for money before a meeting' }).check();
  await dialog.getByRole('textbox', { name: 'Details' }).fill('He wants a bKash advance first.');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(buyer.getByText("Thank you. Laptop Haat's team will read this conversation.")).toBeVisible();
  await expect(buyer.getByText('Reported to Laptop Haat')).toBeVisible();

  // The admin finds it on Reports and reads it, each message labelled by its writer, read-only.
  const admin = await pageOf(browser);
  await signIn(admin, 'admin');
  await admin.goto('/dashboard/reports');
  const section = admin.getByRole('region', { name: 'Reported conversations' });
  const card = section.getByRole('article', { name: `Conversation between ${buyerName} and ${sellerName}` });
  // The browser tests' server starts on a fresh database: the first page holds this report.
  await expect(card).toContainText('Scam, or asks for money before a meeting');
  await expect(card).toContainText('He wants a bKash advance first.');
  await expect(card).toContainText(`Reported by ${buyerName}`);
  await card.getByRole('link', { name: 'Read' }).click();
  await expect(admin).toHaveURL(threadPath);
  await expect(
    admin.getByRole('heading', { level: 2, name: `Conversation between ${buyerName} and ${sellerName}` }),
  ).toBeVisible();
  const items = admin.getByRole('list', { name: 'Messages' }).getByRole('listitem');
  await expect(items.first()).toContainText(`${buyerName} (buyer)`);
  await expect(items.last()).toContainText(`${sellerName} (seller)`);
  await expect(items.last().getByRole('note')).toContainText('asks for an advance payment');
  await expect(admin.getByText('You are reading a reported conversation.', { exact: false })).toBeVisible();
  await expect(admin.getByRole('textbox', { name: 'Write a message' })).toHaveCount(0);
  const { violations } = await new AxeBuilder({ page: admin }).analyze();
  expect(
    violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    'axe on the admin’s thread',
  ).toEqual([]);

  // Closing the report takes it off the page, and the admin can no longer read the conversation.
  await admin.goto('/dashboard/reports');
  await card.getByRole('button', { name: 'Close report' }).click();
  await expect(admin.getByText('Report closed')).toBeVisible();
  await expect(card).toHaveCount(0);
  await admin.goto(threadPath);
  await expect(admin.getByText('This conversation was not found.')).toBeVisible();

  // Closed, it may be reported anew; at 360 px the buyer's thread with its actions fits.
  await buyer.setViewportSize(PHONE);
  await buyer.goto(threadPath);
  await expect(buyer.getByRole('button', { name: 'Report conversation' })).toBeVisible();
  expect(await scrollsSideways(buyer), 'the thread with its actions at 360 px').toBe(false);
  await admin.context().close();
  await seller.context().close();
});

test('a buyer who blocked a seller does not see their advertised laptop, even on a page loaded afresh', async ({
  page: buyer,
  browser,
}) => {
  const tag = randomUUID().slice(0, 6);
  const seller = await pageOf(browser);
  await signUpViaApi(seller, { role: 'seller', name: `Blocked Seller ${tag}` });
  const laptopName = `Acer Swift 3 ${tag}`;
  const laptopId = await addLaptopViaApi(seller, { laptop_name: laptopName });
  const advertised = await seller.request.put(`/api/myProducts/${laptopId}`, { data: { advertise: true } });
  expect(advertised.status(), await advertised.text()).toBe(200);
  const sellerId = ((await (await seller.request.get('/api/users/me')).json()) as { _id: string })._id;

  await signUpViaApi(buyer);
  const blocked = await buyer.request.put(`/api/blocks/${sellerId}`);
  expect(blocked.status(), await blocked.text()).toBe(204);

  // The page arrives as everyone gets it (the laptop among the advertised); once the app knows
  // who is looking, the list is asked again without it. Anyone else still sees it.
  const region = (page: Page) => page.getByRole('region', { name: 'Advertised Laptops' });
  await seller.goto('/');
  await expect(region(seller).getByRole('heading', { level: 3, name: laptopName })).toBeVisible();
  await buyer.goto('/');
  await expect(region(buyer).getByRole('article').first()).toBeVisible();
  await expect(region(buyer).getByRole('heading', { level: 3, name: laptopName })).toHaveCount(0);
  // Nor does search show it.
  await buyer.goto(`/search?q=${encodeURIComponent(laptopName)}`);
  await expect(buyer.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(buyer.getByRole('heading', { level: 3, name: laptopName })).toHaveCount(0);
  await seller.context().close();
});
