import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LAPTOP_MESSAGES } from '../../../../shared/laptops.ts';
import {
  mockSellerApi,
  renderSellerApp,
  SELLER,
  SELLER_LAPTOPS,
  sentRequests,
} from '../../../features/seller/test/seller-app.tsx';
import { expectConsoleErrors } from '../../../test/console.ts';
import { mockApi, reply } from '../../../test/fetch.ts';
import { makeLaptop } from '../../../test/laptops.ts';
import { signedIn } from '../../../test/session.ts';

const PATH = '/dashboard/addAProduct';

// The ten fields (docs/product.md#laptops), by their visible labels, with their required messages.
const REQUIRED: [label: string, message: string][] = [
  ['Laptop name', LAPTOP_MESSAGES.name],
  ['Laptop image', LAPTOP_MESSAGES.image],
  ['Laptop category', LAPTOP_MESSAGES.category],
  ['Resale price', LAPTOP_MESSAGES.resalePrice],
  ['Original price', LAPTOP_MESSAGES.originalPrice],
  ['Condition type', LAPTOP_MESSAGES.condition],
  ['Mobile number', LAPTOP_MESSAGES.mobile],
  ['Location', LAPTOP_MESSAGES.location],
  ['Months of use', LAPTOP_MESSAGES.years],
  ['Laptop description', LAPTOP_MESSAGES.description],
];

// The optional specs (docs/product.md#specs), by their visible labels.
const SPECS = [
  'Brand',
  'Processor',
  'RAM',
  'Storage (GB)',
  'Storage type',
  'Screen size (inches)',
  'Graphics',
  'Battery health (%)',
];

const IMAGE = 'https://example.com/thinkpad.jpg';

// The first visit downloads the lazy page (in a cold test run, compiles it): allow for that.
const PAGE_LOAD = { timeout: 5000 };

async function fillValid(user: UserEvent) {
  // The form shows once the lazy page and the seller guard are through.
  await user.type(await screen.findByLabelText('Laptop name', {}, PAGE_LOAD), 'Lenovo ThinkPad T480');
  await user.type(screen.getByLabelText('Laptop image'), IMAGE);
  await user.selectOptions(screen.getByLabelText('Laptop category'), 'casual');
  await user.type(screen.getByLabelText('Resale price'), '32000');
  await user.type(screen.getByLabelText('Original price'), '95000');
  await user.selectOptions(screen.getByLabelText('Condition type'), 'good');
  await user.type(screen.getByLabelText('Mobile number'), '+880 1712-345678');
  await user.selectOptions(screen.getByLabelText('Location'), 'sylhet');
  await user.type(screen.getByLabelText('Months of use'), '3');
  await user.type(screen.getByLabelText('Laptop description'), 'Core i5 8th gen, 16 GB RAM, 256 GB SSD.');
}

const submit = () => screen.getByRole('button', { name: 'Add laptop' });

// Filling ten fields key by key takes a while when the whole suite runs in parallel.
describe('Add A Product page', { timeout: 20_000 }, () => {
  it('shows a labelled control for each of the ten fields, with the spec’s options', async () => {
    mockSellerApi();
    renderSellerApp(PATH);
    expect(await screen.findByRole('heading', { level: 2, name: 'Add A Product' }, PAGE_LOAD)).toBeInTheDocument();
    for (const [label] of REQUIRED) expect(screen.getByLabelText(label)).toBeInTheDocument();

    expect(screen.getByLabelText('Laptop description').tagName).toBe('TEXTAREA');
    // Text boxes with a number keypad: a number box would refuse Bangla digits.
    for (const label of ['Resale price', 'Original price', 'Months of use']) {
      expect(screen.getByLabelText(label)).toHaveAttribute('type', 'text');
      expect(screen.getByLabelText(label)).toHaveAttribute('inputmode', 'numeric');
    }
    expect(screen.getByLabelText('Mobile number')).toHaveAttribute('inputmode', 'numeric');
    const options = (label: string) =>
      Array.from(screen.getByLabelText<HTMLSelectElement>(label).options)
        .filter((o) => o.value !== '')
        .map((o) => [o.value, o.text]);
    expect(options('Laptop category')).toEqual([
      ['casual', 'Casual'],
      ['gaming', 'Gaming'],
      ['premium', 'Premium'],
    ]);
    expect(options('Condition type')).toEqual([
      ['excellent', 'Excellent'],
      ['good', 'Good'],
      ['fair', 'Fair'],
    ]);
    expect(options('Location').map(([, text]) => text)).toEqual([
      'Chattogram',
      'Dhaka',
      'Barishal',
      'Khulna',
      'Sylhet',
      'Rangpur',
      'Rajshahi',
      'Mymensingh',
    ]);
  });

  it('shows each required message under its field when submitted empty, and sends nothing', async () => {
    mockSellerApi();
    const { user } = renderSellerApp(PATH);
    await user.click(await screen.findByRole('button', { name: 'Add laptop' }, PAGE_LOAD));

    for (const [label, message] of REQUIRED) {
      const control = screen.getByLabelText(label);
      await waitFor(() => expect(control).toHaveAttribute('aria-invalid', 'true'));
      // The message is the control's description (before any hint) and sits right under it, in red.
      expect(control).toHaveAccessibleDescription(new RegExp(`^${escapeRegExp(message)}`));
      expect(screen.getByText(message)).toHaveClass('text-error');
    }
    expect(sentRequests()).toEqual([]);
  });

  it('shows the bounds: price 0, 1201 months, a javascript: image and a foreign phone number', async () => {
    mockSellerApi();
    const { user } = renderSellerApp(PATH);
    await fillValid(user);
    await user.clear(screen.getByLabelText('Resale price'));
    await user.type(screen.getByLabelText('Resale price'), '0');
    await user.clear(screen.getByLabelText('Months of use'));
    await user.type(screen.getByLabelText('Months of use'), '1201');
    await user.clear(screen.getByLabelText('Laptop image'));
    await user.type(screen.getByLabelText('Laptop image'), 'javascript:alert(1)');
    await user.clear(screen.getByLabelText('Mobile number'));
    await user.type(screen.getByLabelText('Mobile number'), '12345');
    await user.click(submit());

    expect(await screen.findByText(LAPTOP_MESSAGES.price)).toBeInTheDocument();
    expect(screen.getByLabelText('Resale price')).toHaveAccessibleDescription(LAPTOP_MESSAGES.price);
    expect(screen.getByLabelText('Months of use')).toHaveAccessibleDescription(LAPTOP_MESSAGES.months);
    expect(screen.getByLabelText('Laptop image')).toHaveAccessibleDescription(
      new RegExp(`^${escapeRegExp(LAPTOP_MESSAGES.imageUrl)}`),
    );
    expect(screen.getByLabelText('Mobile number')).toHaveAccessibleDescription(LAPTOP_MESSAGES.mobileInvalid);
    expect(screen.getByLabelText('Original price')).not.toHaveAttribute('aria-invalid');
    // No preview of a URL that is not a web address.
    expect(screen.queryByRole('img', { name: 'Preview of your laptop' })).not.toBeInTheDocument();
    expect(sentRequests()).toEqual([]);
  });

  it('adds the laptop with numbers and the bearer token, says so, and goes to My Products', async () => {
    const added = makeLaptop({ _id: 'new-1', laptop_name: 'Lenovo ThinkPad T480', advertise: false });
    mockSellerApi({ '/api/addLaptop': reply(201, added), [SELLER_LAPTOPS]: [added] });
    const { user, router } = renderSellerApp(PATH);
    await fillValid(user);
    expect(screen.getByRole('img', { name: 'Preview of your laptop' })).toHaveAttribute('src', IMAGE);
    await user.click(submit());

    expect(await screen.findByText(LAPTOP_MESSAGES.added)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/myProducts'), PAGE_LOAD);
    expect(sentRequests()).toEqual([
      {
        method: 'POST',
        url: '/api/addLaptop',
        authorization: 'Bearer seller-token',
        body: {
          laptop_name: 'Lenovo ThinkPad T480',
          laptop_img: IMAGE,
          category: 'casual',
          resale_price: 32000,
          original_price: 95000,
          conditionType: 'good',
          sellerMobileNumber: '01712345678',
          location: 'sylhet',
          negotiable: false,
          usage_months: 3,
          laptopDesc: 'Core i5 8th gen, 16 GB RAM, 256 GB SSD.',
          photos: [],
          seller_email: SELLER.email,
        },
      },
    ]);
    expect(await screen.findByRole('heading', { level: 2, name: 'My Products' }, PAGE_LOAD)).toBeInTheDocument();
  });

  it('takes prices and years in Bangla digits, grouped or not, and sends them as numbers', async () => {
    const added = makeLaptop({ _id: 'new-bn', laptop_name: 'Lenovo ThinkPad T480' });
    mockSellerApi({ '/api/addLaptop': reply(201, added), [SELLER_LAPTOPS]: [added] });
    const { user } = renderSellerApp(PATH);
    await fillValid(user);
    for (const [label, typed] of [
      ['Resale price', '৩২,০০০'],
      ['Original price', '৯৫০০০'],
      ['Months of use', '৩'],
    ] as const) {
      await user.clear(screen.getByLabelText(label));
      await user.type(screen.getByLabelText(label), typed);
    }
    await user.click(submit());
    expect(await screen.findByText(LAPTOP_MESSAGES.added)).toBeInTheDocument();
    expect(sentRequests()[0]?.body).toMatchObject({ resale_price: 32000, original_price: 95000, usage_months: 3 });
  });

  it('offers the specs as an optional group, each labelled with a hint, and sends the ones given', async () => {
    const added = makeLaptop({ _id: 'new-2', laptop_name: 'Lenovo ThinkPad T480' });
    mockSellerApi({ '/api/addLaptop': reply(201, added), [SELLER_LAPTOPS]: [added] });
    const { user } = renderSellerApp(PATH);
    await fillValid(user);
    const group = screen.getByRole('group', { name: 'Specs (optional)' });
    expect(group).toBeInTheDocument();
    for (const label of SPECS) {
      const control = screen.getByLabelText(label);
      expect(group).toContainElement(control);
      expect(control).not.toHaveAttribute('aria-required');
      expect(control).toHaveAccessibleDescription(/\w/);
    }
    expect(screen.getByLabelText('Processor')).toHaveAccessibleDescription(/About on Windows shows the processor/);
    const ramOptions = Array.from(screen.getByLabelText<HTMLSelectElement>('RAM').options).map((o) => o.text);
    expect(ramOptions).toContain('16 GB');
    const typeOptions = Array.from(screen.getByLabelText<HTMLSelectElement>('Storage type').options).map((o) => o.text);
    expect(typeOptions).toEqual(['Not given', 'SSD', 'HDD', 'eMMC']);

    // A bad value gets the shared message under its field; nothing is sent.
    await user.type(screen.getByLabelText('Screen size (inches)'), '25');
    await user.type(screen.getByLabelText('Battery health (%)'), '120');
    await user.click(submit());
    await waitFor(() =>
      expect(screen.getByLabelText('Screen size (inches)')).toHaveAccessibleDescription(
        new RegExp(`^${LAPTOP_MESSAGES.screen.replace(/[.()]/g, '\\$&')}`),
      ),
    );
    expect(screen.getByText(LAPTOP_MESSAGES.battery)).toHaveClass('text-error');
    expect(sentRequests()).toEqual([]);

    await user.clear(screen.getByLabelText('Screen size (inches)'));
    await user.type(screen.getByLabelText('Screen size (inches)'), '14');
    await user.clear(screen.getByLabelText('Battery health (%)'));
    await user.type(screen.getByLabelText('Battery health (%)'), '78');
    await user.selectOptions(screen.getByLabelText('Brand'), 'Lenovo');
    await user.type(screen.getByLabelText('Processor'), 'Intel Core i5-8350U');
    await user.selectOptions(screen.getByLabelText('RAM'), '16');
    await user.type(screen.getByLabelText('Storage (GB)'), '256');
    await user.selectOptions(screen.getByLabelText('Storage type'), 'ssd');
    await user.click(submit());
    expect(await screen.findByText(LAPTOP_MESSAGES.added)).toBeInTheDocument();
    expect(sentRequests()[0]?.body).toMatchObject({
      brand: 'Lenovo',
      processor: 'Intel Core i5-8350U',
      ram_gb: 16,
      storage_gb: 256,
      storage_type: 'ssd',
      screen_inches: 14,
      battery_health: 78,
    });
    expect(sentRequests()[0]?.body).not.toHaveProperty('gpu');
  });

  it('disables the button while the laptop is being sent', async () => {
    mockSellerApi();
    const fetchMock = vi.mocked(fetch);
    const answer = fetchMock.getMockImplementation()!;
    let release: (r: Response) => void = () => {};
    fetchMock.mockImplementation((input, init) =>
      init?.method === 'POST'
        ? new Promise<Response>((resolve) => {
            release = resolve;
          })
        : answer(input, init),
    );
    const { user } = renderSellerApp(PATH);
    await fillValid(user);
    await user.click(submit());
    await waitFor(() => expect(submit()).toBeDisabled());
    release(Response.json(makeLaptop(), { status: 201 }));
    expect(await screen.findByText(LAPTOP_MESSAGES.added)).toBeInTheDocument();
  });

  it('puts the server’s field messages under the fields', async () => {
    expectConsoleErrors();
    mockSellerApi({
      '/api/addLaptop': reply(400, {
        error: {
          code: 'validation',
          reason: 'invalid_request',
          message: 'The request is not valid',
          fields: { sellerMobileNumber: { code: 'invalid_mobile', message: LAPTOP_MESSAGES.mobileInvalid } },
        },
      }),
    });
    const { user, router } = renderSellerApp(PATH);
    await fillValid(user);
    await user.click(submit());
    await waitFor(() =>
      // Worded by the web from the field's code (docs/decisions/0032), not from the server's sentence.
      expect(screen.getByLabelText('Mobile number')).toHaveAccessibleDescription(
        'Enter a Bangladeshi mobile number such as 01712345678',
      ),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe(PATH);
    expect(submit()).toBeEnabled();
  });

  it('shows any other failure in an alert and keeps what was typed', async () => {
    expectConsoleErrors();
    mockSellerApi({
      '/api/addLaptop': reply(403, {
        error: { code: 'forbidden', reason: 'sellers_only', message: 'Only a seller may do this' },
      }),
    });
    const { user, router } = renderSellerApp(PATH);
    await fillValid(user);
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('Only a seller may do this');
    expect(screen.getByLabelText('Laptop name')).toHaveValue('Lenovo ThinkPad T480');
    expect(router.state.location.pathname).toBe(PATH);
  });

  it('sends a buyer to the login page', async () => {
    mockApi({ ...signedIn('buyer'), '/api/client-config': { googleSignIn: 'none' } });
    const { router } = renderSellerApp(PATH);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), PAGE_LOAD);
    expect(await screen.findByLabelText('Email', {}, PAGE_LOAD)).toBeInTheDocument();
    expect(screen.queryByLabelText('Laptop name')).not.toBeInTheDocument();
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
