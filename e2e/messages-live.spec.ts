import type { Page } from '@playwright/test';
import { expect, sellerAndBuyer, test } from './fixtures.ts';

// Conversations live (docs/product.md#conversations): two people with their pages open in two
// browser contexts, neither reloading. A message reaches the other's open page through the
// notification stream's `message` event: the list and the navbar count of the one who is not in
// the thread, the thread of the one who is. The bell does not count chat messages.

const messagesLink = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });

/** Resolves once `page` has the notification stream open (its answer's headers have come). */
const streaming = (page: Page) =>
  page.waitForResponse((r) => new URL(r.url()).pathname === '/api/notifications/stream' && r.status() === 200);

test('a question and its answer reach the other person live, and the counts follow', async ({
  page: buyer,
  browser,
}) => {
  test.slow();
  const { tag, seller, laptopId, laptopName } = await sellerAndBuyer(
    browser,
    buyer,
    { seller: 'Rafiq Computers', laptop: 'HP EliteBook 840 G5', buyer: 'Sumaiya Akter' },
    { resale_price: 31_000 },
  );

  // The seller waits on the Messages page, with nothing in it.
  const sellerStream = streaming(seller);
  await seller.goto('/dashboard/messages');
  await sellerStream;
  await expect(messagesLink(seller, 'Messages')).toBeVisible();
  const bell = seller.getByRole('button', { name: /^Notifications/ });
  const bellBefore = await bell.getAttribute('aria-label');

  // The buyer writes from the listing page.
  const question = `Is the battery still good? (${tag})`;
  const buyerStream = streaming(buyer);
  await buyer.goto(`/laptops/${laptopId}`);
  await buyerStream;
  await buyer.getByRole('button', { name: 'Message seller' }).click();
  await buyer.getByRole('textbox', { name: 'Your message to the seller' }).fill(question);
  await buyer.getByRole('button', { name: 'Send' }).click();
  await expect(buyer).toHaveURL(/\/dashboard\/messages\/[^/]+$/);
  const threadPath = new URL(buyer.url()).pathname;

  // Without a reload, the seller's list shows the conversation and the navbar counts it; the bell does not.
  const row = seller.getByRole('link', { name: `${laptopName}, 1 unread` });
  await expect(row).toContainText(question, { timeout: 5_000 });
  await expect(messagesLink(seller, 'Messages, 1 unread')).toBeVisible();
  expect(await bell.getAttribute('aria-label')).toBe(bellBefore);

  // The seller opens it (the count goes) and answers; the buyer's open thread shows the answer live.
  await row.click();
  await expect(seller).toHaveURL(threadPath);
  await expect(messagesLink(seller, 'Messages')).toBeVisible();
  const answer = `Yes, 4 hours. Come to Dhanmondi 27 tomorrow at 11. (${tag})`;
  const box = seller.getByRole('textbox', { name: 'Write a message' });
  await box.fill(answer);
  await box.press('Enter');
  const buyerThread = buyer.getByRole('list', { name: 'Messages' });
  await expect(buyerThread.getByRole('listitem').last()).toContainText(answer, { timeout: 5_000 });
  await expect(buyerThread.getByRole('listitem').last()).toHaveClass(/chat-start/);
  // Read where it arrived: the buyer's navbar shows no count for it.
  await expect(messagesLink(buyer, 'Messages')).toBeVisible();

  // The buyer writes again; the seller, in the thread, sees it appear and has nothing unread.
  const again = `Great, I will bring cash. (${tag})`;
  const buyerBox = buyer.getByRole('textbox', { name: 'Write a message' });
  await buyerBox.fill(again);
  await buyerBox.press('Enter');
  const sellerThread = seller.getByRole('list', { name: 'Messages' });
  await expect(sellerThread.getByRole('listitem').last()).toContainText(again, { timeout: 5_000 });
  await expect(messagesLink(seller, 'Messages')).toBeVisible();

  // The seller leaves for the home page; a further message shows as one unread there, live.
  await seller.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home', exact: true }).click();
  await expect(seller.getByRole('region', { name: 'Advertised Laptops' })).toBeVisible();
  await buyerBox.fill(`See you. (${tag})`);
  await buyerBox.press('Enter');
  await expect(messagesLink(seller, 'Messages, 1 unread')).toBeVisible({ timeout: 5_000 });
  await seller.context().close();
});
