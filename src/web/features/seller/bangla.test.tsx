import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../../shared/orders.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { englishLeft } from '../../test/english-left.ts';
import { makeLaptop } from '../../test/laptops.ts';
import { renderIn } from '../../test/locale.ts';
import { AddLaptopForm } from './components/add-laptop-form.tsx';
import { MyBuyers } from './components/my-buyers.tsx';
import { MyProducts } from './components/my-products.tsx';
import { PhotoPicker } from './components/photo-picker.tsx';
import { PriceDialog } from './components/price-dialog.tsx';
import { mockSellerApi, SELLER, SELLER_LAPTOPS } from './test/seller-app.tsx';

// The seller's screens in Bangla (docs/i18n.md#tests): their own words are Bangla, prices and dates
// are written the Bangla way, and what users wrote (laptop and buyer names, phones, addresses) is
// left as it is, marked translate="no".

// A dialog's question is a plain string (ConfirmDialog's `question`), so a buyer's name in it
// cannot be marked translate="no".
const BUYER_NAME = ['Nusrat', 'Jahan'];

function renderScreen(screenUnderTest: ReactNode) {
  const queryClient = createQueryClient({ defaultOptions: { queries: { retry: false } } });
  const user = userEvent.setup();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>{screenUnderTest}</MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...view, user };
}

let nextBooking = 0;
function makeBooking(overrides: Partial<Order> = {}): Order {
  nextBooking += 1;
  return {
    _id: `bn-order-${nextBooking}`,
    buyerName: 'Nusrat Jahan',
    buyerEmail: 'nusrat@laptophaat.test',
    buyerPhoneNumber: '01712345678',
    phone_verified: false,
    meetingAddress: 'Dhanmondi 27, Dhaka',
    laptop_img: '/images/laptops/casual-1.webp',
    laptop_name: 'Lenovo ThinkPad T480',
    laptop_id: 'l-thinkpad',
    resale_price: 32000,
    payment_status: false,
    status: 'requested',
    created_at: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

beforeEach(() => renderIn('bn'));

describe('My Products in Bangla', () => {
  const onSale = makeLaptop({ laptop_name: 'Lenovo ThinkPad T480', resale_price: 32000, advertise: false });
  const booked = makeLaptop({ laptop_name: 'HP EliteBook 840', resale_price: 85000, booked: true });
  const sold = makeLaptop({ laptop_name: 'Dell Latitude 7490', salesStatus: 'sold' });
  const hidden = makeLaptop({ laptop_name: 'Acer Aspire 5', salesStatus: 'hidden' });

  it('lists the laptops with Bangla headings, prices, states and buttons', async () => {
    mockSellerApi({ [SELLER_LAPTOPS]: [onSale, booked, sold, hidden] });
    const { container } = renderScreen(<MyProducts sellerEmail={SELLER.email} />);

    const row = within((await screen.findByText('Lenovo ThinkPad T480')).closest('tr')!);
    expect(screen.getByRole('columnheader', { name: 'ল্যাপটপ' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'দাম' })).toBeInTheDocument();
    expect(row.getAllByText('৳৩২,০০০')).not.toHaveLength(0);
    expect(row.getAllByText('বিক্রির জন্য আছে')).not.toHaveLength(0);
    expect(row.getByRole('button', { name: 'প্রচার করুন' })).toBeEnabled();
    expect(row.getByRole('button', { name: 'দাম বদলান' })).toBeInTheDocument();
    expect(row.getByRole('button', { name: 'মুছে ফেলুন' })).toBeInTheDocument();
    const bookedRow = within(screen.getByText('HP EliteBook 840').closest('tr')!);
    expect(bookedRow.getAllByText('বুক করা হয়েছে')).not.toHaveLength(0);
    expect(bookedRow.getByRole('button', { name: 'প্রচার চলছে' })).toBeDisabled();
    expect(screen.getAllByText('অ্যাডমিন লুকিয়ে রেখেছেন')).not.toHaveLength(0);

    expect(englishLeft(container)).toEqual([]);
  });

  it('asks before deleting and before marking sold, in Bangla', async () => {
    mockSellerApi({ [SELLER_LAPTOPS]: [onSale, booked] });
    const { user } = renderScreen(<MyProducts sellerEmail={SELLER.email} />);
    const row = within((await screen.findByText('Lenovo ThinkPad T480')).closest('tr')!);

    await user.click(row.getByRole('button', { name: 'মুছে ফেলুন' }));
    let dialog = screen.getByRole('dialog', { name: 'আপনি কি নিশ্চিতভাবে মুছে ফেলতে চান?' });
    expect(dialog).toHaveAccessibleDescription(
      '“Lenovo ThinkPad T480” Laptop Haat থেকে মুছে ফেলা হবে, সঙ্গে এর সব বুকিংও।',
    );
    expect(englishLeft(dialog)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: /Cancel|বাতিল/ }));

    const bookedRow = within(screen.getByText('HP EliteBook 840').closest('tr')!);
    await user.click(bookedRow.getByRole('button', { name: 'বিক্রি সম্পন্ন করুন' }));
    dialog = screen.getByRole('dialog', { name: 'ল্যাপটপটি বিক্রি হয়ে গেছে বলে চিহ্নিত করবেন?' });
    expect(dialog).toHaveAccessibleDescription(/^“HP EliteBook 840” Laptop Haat-এর সব তালিকা/);
    expect(within(dialog).getByRole('link', { name: '“আমার ক্রেতা” খুলুন' })).toBeInTheDocument();
    expect(englishLeft(dialog)).toEqual([]);
  });

  it('invites a seller without laptops to add one', async () => {
    mockSellerApi({ [SELLER_LAPTOPS]: [] });
    const { container } = renderScreen(<MyProducts sellerEmail={SELLER.email} />);
    expect(await screen.findByText('আপনি এখনও কোনো ল্যাপটপ বিক্রির জন্য দেননি।')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'পণ্য যোগ করুন' })).toBeInTheDocument();
    expect(englishLeft(container)).toEqual([]);
  });
});

describe('the price dialog in Bangla', () => {
  it('names the laptop as written and the price in Bangla', () => {
    const view = render(
      <PriceDialog laptopName="Lenovo ThinkPad T480" price={32000} onSave={vi.fn()} onCancel={vi.fn()} />,
    );
    const dialog = screen.getByRole('dialog', { name: 'দাম বদলান' });
    expect(within(dialog).getByText(/এখন ৳৩২,০০০।/)).toBeInTheDocument();
    const field = within(dialog).getByLabelText('নতুন দাম (টাকা)');
    expect(field).toHaveAccessibleDescription(/^পূর্ণ টাকায় লিখুন।/);
    expect(within(dialog).getByRole('button', { name: 'দাম সেভ করুন' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'বাতিল' })).toBeInTheDocument();
    expect(englishLeft(view.container)).toEqual([]);
  });
});

describe('My Buyers in Bangla', () => {
  const requested = makeBooking({ created_at: '2026-11-21T20:30:00.000Z' });
  const cancelled = makeBooking({ buyerName: 'Tanvir Ahmed', status: 'cancelled' });

  it('lists bookings with Bangla states, dates and buttons, the buyers’ words as written', async () => {
    mockSellerApi({ '/api/myBuyers': [requested, cancelled] });
    const { container } = renderScreen(<MyBuyers sellerEmail={SELLER.email} />);

    const row = within((await screen.findByText('Nusrat Jahan')).closest('tr')!);
    expect(screen.getByRole('columnheader', { name: 'ক্রেতা' })).toBeInTheDocument();
    // 20:30 UTC is the next day in Dhaka.
    expect(row.getByText('২২ নভেম্বর, ২০২৬ তারিখে বুক করা হয়েছে')).toBeInTheDocument();
    expect(row.getByText('নতুন — আপনার উত্তরের অপেক্ষায়')).toBeInTheDocument();
    expect(row.getByText('Dhanmondi 27, Dhaka')).toHaveAttribute('translate', 'no');
    expect(row.getByRole('button', { name: 'গ্রহণ করুন' })).toBeInTheDocument();
    expect(row.getByRole('button', { name: 'প্রত্যাখ্যান করুন' })).toBeInTheDocument();
    expect(screen.getByText('ক্রেতা বাতিল করেছেন')).toBeInTheDocument();

    expect(englishLeft(container)).toEqual([]);
  });

  it('asks before declining and before selling, in Bangla', async () => {
    mockSellerApi({ '/api/myBuyers': [requested] });
    const { user } = renderScreen(<MyBuyers sellerEmail={SELLER.email} />);
    const row = within((await screen.findByText('Nusrat Jahan')).closest('tr')!);

    await user.click(row.getByRole('button', { name: 'প্রত্যাখ্যান করুন' }));
    let dialog = screen.getByRole('dialog', { name: 'এই বুকিংটি প্রত্যাখ্যান করবেন?' });
    expect(dialog).toHaveAccessibleDescription(
      '“Lenovo ThinkPad T480”-এর জন্য Nusrat Jahan-এর বুকিংটি প্রত্যাখ্যান করা হবে এবং Nusrat Jahan-কে জানিয়ে দেওয়া হবে। এটি আর ফেরানো যাবে না।',
    );
    expect(englishLeft(dialog)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: /Cancel|বাতিল/ }));

    await user.click(row.getByRole('button', { name: 'বিক্রি সম্পন্ন করুন' }));
    dialog = screen.getByRole('dialog', { name: 'ল্যাপটপটি Nusrat Jahan-এর কাছে বিক্রি সম্পন্ন করবেন?' });
    expect(dialog).toHaveAccessibleDescription(/আর ফেরানো যাবে না।$/);
    expect(englishLeft(dialog, BUYER_NAME)).toEqual([]);
  });

  it('says so in Bangla when there are no bookings yet', async () => {
    mockSellerApi({ '/api/myBuyers': [] });
    const { container } = renderScreen(<MyBuyers sellerEmail={SELLER.email} />);
    expect(await screen.findByText('এখনও কেউ আপনার ল্যাপটপ বুক করেননি।')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'আমার পণ্য' })).toBeInTheDocument();
    expect(englishLeft(container)).toEqual([]);
  });
});

// The form's examples name real models, and its hints the menus of the seller's computer as it shows
// them (Windows and macOS in English); the image field's example is an address.
const FORM_NAMES = [
  ...['Lenovo', 'IdeaPad', 'Ryzen', 'GB', 'Intel', 'Core', 'Iris', 'Xe', 'NVIDIA', 'GeForce', 'GTX'],
  ...['Windows', 'Settings', 'System', 'About', 'Apple', 'This', 'Mac', 'PC', 'Finder', 'Storage'],
  ...['Device', 'Manager', 'Display', 'adapters', 'SSD', 'HDD', 'eMMC'],
  // Where the battery's health is read: the Windows battery report and macOS's battery settings.
  ...['Command', 'Prompt', 'powercfg', 'batteryreport', 'FULL', 'CHARGE', 'DESIGN', 'CAPACITY', 'mWh'],
  ...['Battery', 'Health', 'Information', 'Power', 'Maximum', 'Capacity'],
  ...['https', 'example', 'com', 'my', 'laptop', 'jpg'],
];

describe('Add A Product in Bangla', () => {
  it('labels every field, choice and hint in Bangla', () => {
    mockSellerApi();
    const { container } = renderScreen(<AddLaptopForm sellerEmail={SELLER.email} onSaved={vi.fn()} />);

    expect(screen.getByRole('form', { name: 'ল্যাপটপ যোগ করুন' })).toBeInTheDocument();
    expect(screen.getByLabelText('ল্যাপটপের নাম')).toBeInTheDocument();
    expect(screen.getByLabelText('বিক্রয় মূল্য')).toHaveAttribute('placeholder', 'টাকায়, যেমন ৪৫০০০');
    expect(screen.getByLabelText('স্ক্রিনের মাপ (ইঞ্চি)')).toHaveAttribute('placeholder', 'যেমন: ১৫.৬');
    const category = screen.getByLabelText('ল্যাপটপের ক্যাটাগরি');
    expect(within(category).getByRole('option', { name: 'গেমিং' })).toHaveValue('gaming');
    const location = screen.getByLabelText('বিভাগ');
    expect(within(location).getByRole('option', { name: 'ঢাকা' })).toHaveValue('dhaka');
    expect(within(screen.getByLabelText('র‍্যাম')).getByRole('option', { name: '১৬ জিবি' })).toHaveValue('16');
    expect(within(screen.getByLabelText('ব্র্যান্ড')).getByRole('option', { name: 'অন্যান্য' })).toHaveValue('Other');
    expect(screen.getByRole('button', { name: 'ল্যাপটপ যোগ করুন' })).toBeInTheDocument();

    expect(englishLeft(container, FORM_NAMES)).toEqual([]);
  });

  it('asks in Bangla to wait for the photos', async () => {
    mockSellerApi();
    const { user } = renderScreen(<AddLaptopForm sellerEmail={SELLER.email} onSaved={vi.fn()} />);
    stubUploads();
    await user.upload(screen.getByLabelText('ছবি বেছে নিন'), [jpeg('a.jpg')]);
    await screen.findByRole('progressbar', { name: '১ নম্বর ছবি আপলোড হচ্ছে' });
    await user.click(screen.getByRole('button', { name: 'ল্যাপটপ যোগ করুন' }));
    expect(await screen.findByText('ছবিগুলোর আপলোড শেষ হওয়া পর্যন্ত অপেক্ষা করুন')).toBeInTheDocument();
  });
});

/** XMLHttpRequest that never answers unless told: each upload stays in progress. */
function stubUploads() {
  const sent: { answer: (status: number) => Promise<void> }[] = [];
  vi.stubGlobal(
    'XMLHttpRequest',
    class {
      status = 0;
      response: unknown = null;
      responseType = '';
      upload = { onprogress: null };
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      onabort: (() => void) | null = null;
      open() {}
      setRequestHeader() {}
      abort() {
        this.onabort?.();
      }
      send() {
        sent.push({
          answer: async (status: number) => {
            this.status = status;
            await act(async () => this.onload?.());
          },
        });
      }
    },
  );
  return sent;
}

const jpeg = (name: string) => new File([`pixels of ${name}`], name, { type: 'image/jpeg' });

describe('the photo picker in Bangla', () => {
  beforeEach(() => {
    URL.createObjectURL = vi.fn((blob: Blob) => `blob:${blob instanceof File ? blob.name : 'scaled'}`);
    URL.revokeObjectURL = vi.fn();
  });

  it('speaks Bangla about the photos, their order, the limit and a failed upload', async () => {
    const uploads = stubUploads();
    const user = userEvent.setup();
    const { container } = render(<PhotoPicker id="photos" onChange={vi.fn()} />);
    expect(screen.getByText(/^সর্বোচ্চ ৮টি ছবি দিন/)).toBeInTheDocument();

    const files = Array.from({ length: 10 }, (_, i) => jpeg(`photo-${i + 1}.jpg`));
    await user.upload(screen.getByLabelText<HTMLInputElement>('ছবি বেছে নিন'), files);
    expect(await screen.findByRole('status')).toHaveTextContent(
      'একটি বিজ্ঞাপনে সর্বোচ্চ ৮টি ছবি দেওয়া যায়: প্রথম ৮টি যোগ করা হয়েছে।',
    );
    const list = screen.getByRole('list', { name: 'আপনার ছবিগুলো' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(8));
    expect(screen.getByRole('img', { name: '৮টির মধ্যে ২ নম্বর ছবি' })).toBeInTheDocument();
    expect(screen.getByText('কভার')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '৩ নম্বর ছবি আগে নিন' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '৩ নম্বর ছবি পরে নিন' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '৮ নম্বর ছবি সরান' })).toBeInTheDocument();

    await waitFor(() => expect(uploads).toHaveLength(1));
    await uploads[0]!.answer(502);
    const first = within(within(list).getAllByRole('listitem')[0]!);
    expect(first.getByRole('alert')).toHaveTextContent('আপলোড ব্যর্থ হয়েছে (স্ট্যাটাস 502)');
    expect(first.getByRole('button', { name: 'আবার চেষ্টা করুন' })).toBeInTheDocument();

    expect(englishLeft(container)).toEqual([]);
  });

  it('says when only one more photo fits', async () => {
    stubUploads();
    const user = userEvent.setup();
    render(<PhotoPicker id="photos" onChange={vi.fn()} />);
    const input = screen.getByLabelText<HTMLInputElement>('ছবি বেছে নিন');
    await user.upload(
      input,
      Array.from({ length: 8 }, (_, i) => jpeg(`photo-${i + 1}.jpg`)),
    );
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(8));
    await user.click(screen.getByRole('button', { name: '৮ নম্বর ছবি সরান' }));
    await user.upload(input, [jpeg('extra-1.jpg'), jpeg('extra-2.jpg')]);
    expect(await screen.findByRole('status')).toHaveTextContent(
      'একটি বিজ্ঞাপনে সর্বোচ্চ ৮টি ছবি দেওয়া যায়: প্রথমটি যোগ করা হয়েছে।',
    );
  });
});
