import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, signIn, signUpViaApi, test } from './fixtures.ts';

/** A brand-new buyer, signed up through the API; the page's context is signed in as them. */
const signUpBuyer = (page: Page) => signUpViaApi(page, { name: `Nadia Rahman ${randomUUID().slice(0, 6)}` });

/** The card of the laptop called `name` on a category page. */
const cardOf = (page: Page, name: string) =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { level: 2, name, exact: true }) });

test.describe('buying', () => {
  test('a buyer books a laptop, sees it in My Orders, opens Pay, and cancels it', async ({ page }) => {
    // The whole journey in one test: give it three times the usual time on a busy machine.
    test.slow();
    const buyer = await signUpBuyer(page);
    await page.goto('/category/casual');
    await expect(page.getByRole('heading', { level: 1, name: 'Casual Laptops' })).toBeVisible();

    // Pick the first card: its name and price are what the modal and My Orders must show.
    const first = page.getByRole('article').first();
    const laptopName = (await first.getByRole('heading', { level: 2 }).textContent())!.trim();
    const card = cardOf(page, laptopName);
    const bookNow = card.getByRole('button', { name: 'Book Now' });
    const wishlist = card.getByRole('button', { name: /^Add (.+ )?to Wishlist$/ });
    await expect(bookNow).toBeEnabled();
    await expect(wishlist).toBeEnabled();

    // Escape closes the modal and gives the focus back to Book Now.
    await bookNow.click();
    const dialog = page.getByRole('dialog', { name: `Book ${laptopName}` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Phone number')).toBeFocused();
    // The page behind the open dialog does not scroll (styles.css); once it closes, it does again.
    const pageScrolls = async () => {
      const before = await page.evaluate(() => window.scrollY);
      await page.mouse.move(10, 300);
      await page.mouse.wheel(0, 300);
      await page.waitForTimeout(300);
      const moved = (await page.evaluate(() => window.scrollY)) !== before;
      await page.evaluate((y) => window.scrollTo(0, y), before);
      return moved;
    };
    expect(await pageScrolls()).toBe(false);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(bookNow).toBeFocused();
    expect(await pageScrolls()).toBe(true);

    await bookNow.click();
    await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue(buyer.name);
    await expect(dialog.getByLabel('Email')).toHaveValue(buyer.email);
    await expect(dialog.getByLabel('Laptop name')).toHaveValue(laptopName);
    await expect(dialog.getByLabel('Price')).toHaveValue(/^Tk \d{1,3}(,\d{3})*$/);
    await expect(dialog.getByText(/meet the seller in a public place/)).toBeVisible();

    // The modal keeps the focus: tabbing on never reaches the page behind it (past the last
    // control a native modal dialog lets the focus go to the browser's own UI, then back).
    for (let i = 0; i < 12; i += 1) {
      await page.keyboard.press('Tab');
      const focus = await page.evaluate(() => {
        const active = document.activeElement;
        return active === document.body || active === null ? 'none' : active.closest('dialog') ? 'dialog' : 'page';
      });
      expect(focus).not.toBe('page');
    }

    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(dialog.getByText('Phone number is required', { exact: true })).toBeVisible();
    await expect(dialog.getByText('Meeting address is required', { exact: true })).toBeVisible();

    // Bangla digits with the country code are accepted (normalised to 01712345678).
    await dialog.getByLabel('Phone number').fill('+৮৮০ ১৭১২-৩৪৫৬৭৮');
    await dialog.getByLabel('Meeting address').fill('Dhanmondi 27, Dhaka');
    await dialog.getByRole('button', { name: 'Submit' }).click();

    await expect(page.getByText(`${laptopName} successfully Booked`, { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(bookNow).toBeDisabled();
    await expect(wishlist).toBeDisabled();

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Casual Laptops' })).toBeVisible();
    await expect(bookNow).toBeDisabled();
    await expect(wishlist).toBeDisabled();
    await expect(card.getByText('You have booked this laptop')).toBeVisible();

    // My Orders lists the booking with Pay; the phone number reached the server normalised.
    await page.goto('/dashboard/myOrders');
    await expect(page.getByRole('heading', { level: 2, name: 'My Orders' })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: laptopName });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('img', { name: laptopName })).toBeVisible();
    await expect(row.getByText(/^Tk \d{1,3}(,\d{3})*$/).filter({ visible: true })).toBeVisible();
    const orders = await (await page.request.get(`/api/myOrders?buyerEmail=${encodeURIComponent(buyer.email)}`)).json();
    expect(orders).toMatchObject([{ laptop_name: laptopName, buyerPhoneNumber: '01712345678', payment_status: false }]);

    await row.getByRole('link', { name: 'Pay' }).click();
    await expect(page).toHaveURL(`/dashboard/payment/${orders[0]._id}`);
    await expect(page.getByText("This feature's coming soon")).toBeVisible();
    await expect(page.getByRole('heading', { name: laptopName })).toBeVisible();

    await page.getByRole('link', { name: 'Back to My Orders' }).click();
    await row.getByRole('button', { name: 'Cancel' }).click();
    const confirm = page.getByRole('dialog', { name: 'Are you sure you want to cancel this booking?' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Yes, cancel booking' }).click();
    await expect(page.getByText('Booking cancelled')).toBeVisible();
    // The booking stays in My Orders, as cancelled, with nothing left to cancel (docs/product.md#deals).
    await expect(row.getByText('Cancelled', { exact: true }).filter({ visible: true })).toBeVisible();
    await expect(row.getByRole('button', { name: 'Cancel' })).toHaveCount(0);

    await page.goto('/category/casual');
    await expect(bookNow).toBeEnabled();
    await expect(wishlist).toBeEnabled();
  });

  test('a booking form that cannot be fetched says so and leaves the page as it was', async ({ page }) => {
    await signUpBuyer(page);
    // The connection fails for the booking form's code, which comes once Book Now is offered.
    await page.route(/\/assets\/booking-modal-[^/]+\.js$/, (route) => route.abort());
    await page.goto('/category/casual');
    const bookNow = page.getByRole('article').first().getByRole('button', { name: 'Book Now' });
    await expect(bookNow).toBeEnabled();
    await bookNow.click();
    await expect(page.getByText('Could not reach the server. Check your connection.')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Casual Laptops' })).toBeVisible();
    await expect(bookNow).toBeEnabled();
  });

  test("another buyer's order is not found on the payment page", async ({ page, browser }) => {
    // One buyer books a laptop in their own browser context…
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await signUpBuyer(otherPage);
    await otherPage.goto('/category/gaming');
    const card = otherPage.getByRole('article').first();
    await card.getByRole('button', { name: 'Book Now' }).click();
    const dialog = otherPage.getByRole('dialog');
    await dialog.getByLabel('Phone number').fill('01812345678');
    await dialog.getByLabel('Meeting address').fill('Agrabad, Chattogram');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(otherPage.getByText(/successfully Booked$/)).toBeVisible();
    await otherPage.goto('/dashboard/myOrders');
    const href = await otherPage.getByRole('link', { name: 'Pay' }).getAttribute('href');
    await other.close();

    // …and another buyer who follows the same link learns nothing about it.
    await signUpBuyer(page);
    await page.goto(href!);
    await expect(page.getByRole('heading', { level: 2, name: 'Order not found' })).toBeVisible();
    await expect(page.getByText("This feature's coming soon")).toHaveCount(0);
  });

  test("a seller cannot book their own laptops but may book others'", async ({ page }) => {
    await signIn(page, 'seller');
    await page.goto('/category/gaming');
    await expect(page.getByRole('heading', { level: 1, name: 'Gaming Laptops' })).toBeVisible();
    const own = page.getByRole('article').filter({ hasText: 'Rahim Computers' });
    const others = page.getByRole('article').filter({ hasNotText: 'Rahim Computers' });
    await expect(own.first().getByText('This is your own listing')).toBeVisible();
    await expect(own.first().getByRole('button', { name: 'Book Now' })).toBeDisabled();
    if ((await others.count()) > 0)
      await expect(others.first().getByRole('button', { name: 'Book Now' })).toBeEnabled();
  });
});

test.describe('buying at 360 px wide', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the booking modal and My Orders fit the screen', async ({ page }) => {
    await signUpBuyer(page);
    await page.goto('/category/premium');
    const card = page.getByRole('article').first();
    await card.getByRole('button', { name: 'Book Now' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('Meeting address')).toBeVisible();
    await dialog.getByLabel('Phone number').fill('01912345678');
    await dialog.getByLabel('Meeting address').fill('Zindabazar, Sylhet');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText(/successfully Booked$/)).toBeVisible();

    await page.goto('/dashboard/myOrders');
    const row = page.getByRole('row').nth(1);
    // Both actions sit inside the screen's width, with no sideways scrolling anywhere.
    for (const action of [row.getByRole('link', { name: 'Pay' }), row.getByRole('button', { name: 'Cancel' })]) {
      await expect(action).toBeVisible();
      const box = (await action.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(360);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(
      await page.locator('table').evaluate((t) => t.parentElement!.scrollWidth <= t.parentElement!.clientWidth),
    ).toBe(true);
  });
});
