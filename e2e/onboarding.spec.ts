import { demoEmails, expect, logInAs, test, uniqueEmail } from './fixtures.ts';

// A new seller's first steps (docs/product.md#seller-onboarding): sign-up lands on Add A Product
// with a welcome; the first listing's phone is remembered for the next; the dashboard shows the
// verification and asks for it; the admin's All Sellers shows the request first, marked.

test('a new seller is welcomed, lists a laptop, asks for verification, and the admin sees it first', async ({
  page,
  browser,
}) => {
  test.slow();
  const email = uniqueEmail('onboarding');
  const name = `Onboarding Seller ${email.slice(11, 17)}`;
  await page.goto('/signup?role=seller');
  const form = page.getByRole('form', { name: 'Sign up' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill('Secret@123');
  await form.getByRole('button', { name: 'Sign Up' }).click();

  await expect(page).toHaveURL('/dashboard/addAProduct?welcome=1');
  await expect(page.getByText('Welcome to Laptop Haat!')).toBeVisible();

  const add = page.getByRole('form', { name: 'Add a laptop' });
  await add.getByLabel('Laptop name').fill('Lenovo ThinkPad T480');
  await add.getByLabel('Laptop image').fill('https://example.com/t480.jpg');
  await add.getByLabel('Laptop category').selectOption('casual');
  await add.getByLabel('Condition type').selectOption('good');
  await add.getByLabel('Resale price').fill('32000');
  await add.getByLabel('Original price').fill('68000');
  await add.getByLabel('Mobile number').fill('01712345678');
  await add.getByLabel('Location').selectOption('dhaka');
  await add.getByLabel('Area (optional)').fill('Mirpur 10');
  await add.getByLabel('Months of use').fill('7');
  await add.getByLabel('The price is negotiable').check();
  await add.getByLabel('Laptop description').fill('i5-8350U, 16 GB RAM, 256 GB SSD.');
  await add.getByRole('button', { name: 'Add laptop' }).click();
  await expect(page).toHaveURL('/dashboard/myProducts');

  // The next listing starts with the number given in the first.
  await page.goto('/dashboard/addAProduct');
  await expect(page.getByLabel('Mobile number')).toHaveValue('01712345678');

  await page.goto('/dashboard');
  const verification = page.getByRole('region', { name: /Verification/ });
  await expect(verification.getByText('Not verified')).toBeVisible();
  await verification.getByRole('button', { name: 'Request verification' }).click();
  await expect(verification.getByText('Requested')).toBeVisible();
  await expect(verification.getByRole('button', { name: 'Request verification' })).toHaveCount(0);

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await logInAs(admin, demoEmails.admin);
  await admin.goto('/dashboard/allSellers');
  const firstRow = admin.getByRole('row').nth(1);
  await expect(firstRow).toContainText(name);
  await expect(firstRow.getByText('Asked to be verified')).toBeVisible();
  await adminContext.close();
});
