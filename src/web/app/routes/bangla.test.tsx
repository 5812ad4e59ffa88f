import { configure, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Order } from '../../../shared/orders.ts';
import { expectConsoleErrors } from '../../test/console.ts';
import { englishLeft } from '../../test/english-left.ts';
import { mockApi, reply } from '../../test/fetch.ts';
import { makeLaptop } from '../../test/laptops.ts';
import { renderIn } from '../../test/locale.ts';
import { renderApp } from '../../test/render.tsx';
import { stubMatchMedia } from '../../test/requests.ts';
import { signedIn, testUsers } from '../../test/session.ts';

// The app's own screens in Bangla (docs/i18n.md#tests). The features inside them (cards, forms,
// tables) have their own Bangla tests; the checks here look at what the routes themselves render.

configure({ asyncUtilTimeout: 10_000 });

/** The English words left in each of `elements` (the route's own parts of the page). */
const englishIn = (...elements: (Element | null | undefined)[]) =>
  elements.flatMap((element) => {
    expect(element).toBeTruthy();
    return element ? englishLeft(element) : [];
  });

const page = (items: unknown[]) => ({ items, nextCursor: null, total: items.length });

beforeEach(() => {
  localStorage.clear();
  stubMatchMedia();
  renderIn('bn');
});
afterEach(() => renderIn('en'));

describe('the routes in Bangla', () => {
  it('category page: heading, title and the empty category', async () => {
    mockApi({ ...signedIn('buyer'), '/api/categories/gaming': [] });
    renderApp('/category/gaming');
    const heading = await screen.findByRole('heading', { level: 1 });
    const empty = await screen.findByText('এই ক্যাটাগরিতে এখনও কোনো ল্যাপটপ নেই। কিছুদিন পর আবার দেখুন।');
    expect(document.title).toMatch(/ — Laptop Haat$/);
    expect(englishIn(heading, empty)).toEqual([]);
  });

  it('category page: an unknown category is not found, with the three categories to try', async () => {
    expectConsoleErrors();
    mockApi({
      ...signedIn('buyer'),
      '/api/categories/toys': reply(404, { error: { code: 'not_found', message: "Category 'toys' not found" } }),
    });
    renderApp('/category/toys');
    const heading = await screen.findByRole('heading', { level: 1, name: 'ক্যাটাগরি পাওয়া যায়নি' });
    const notice = heading.closest('section')!;
    expect(within(notice).getByText(/“toys” নামে আমাদের কোনো ল্যাপটপ ক্যাটাগরি নেই/)).toBeInTheDocument();
    expect(within(notice).getByRole('link', { name: 'গেমিং ল্যাপটপ' })).toHaveAttribute('href', '/category/gaming');
    expect(within(notice).getByRole('link', { name: 'হোম' })).toBeInTheDocument();
    expect(document.title).toBe('ক্যাটাগরি পাওয়া যায়নি — Laptop Haat');
    // The name in the address is what the visitor typed.
    expect(englishLeft(notice, ['toys'])).toEqual([]);
  });

  it('listing page: the laptop’s facts, the details and the seller’s card for a visitor', async () => {
    const laptop = makeLaptop({
      _id: 'tp1',
      laptop_name: 'Lenovo ThinkPad T480',
      category: 'premium',
      location: 'sylhet',
      conditionType: 'excellent',
      usage_Time: 3,
      resale_price: 32_000,
      seller_name: 'Karim Traders',
    });
    const { seller_email: _e, sellerMobileNumber: _m, ...visible } = laptop;
    mockApi({
      '/api/laptops/tp1': { ...visible, photos: [] },
      '/api/laptops?category=premium&limit=4': page([laptop, makeLaptop({ category: 'premium' })]),
    });
    renderApp('/laptops/tp1/lenovo-thinkpad-t480');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Lenovo ThinkPad T480' });
    expect(document.title).toBe('Lenovo ThinkPad T480 — ৳৩২,০০০ — Laptop Haat');
    const column = heading.parentElement!;
    expect(within(column).getByText('চমৎকার অবস্থা')).toBeInTheDocument();
    expect(within(column).getByText('প্রিমিয়াম')).toBeInTheDocument();
    expect(within(column).getAllByText('সিলেট').length).toBeGreaterThan(0);

    const details = screen.getByRole('heading', { level: 2, name: 'বিস্তারিত' }).parentElement!;
    expect(within(details).getByText('৩ বছর')).toBeInTheDocument();
    expect(within(details).getByText('বিক্রি হবে')).toBeInTheDocument();
    // The route's own rows come first; the specs after them are the catalog's.
    const ownRows = [...details.querySelectorAll('dt, dd')].slice(0, 16);

    const contact = screen
      .getByRole('heading', { level: 2, name: 'বিক্রেতার সাথে যোগাযোগ' })
      .closest<HTMLElement>('.card')!;
    expect(within(contact).getByRole('link', { name: 'বিক্রেতার সাথে যোগাযোগ করতে লগ ইন করুন' })).toBeInTheDocument();

    const similar = await screen.findByRole('heading', { level: 2, name: 'একই রকম ল্যাপটপ' });
    const more = screen.getByRole('link', { name: 'আরও প্রিমিয়াম ল্যাপটপ' });

    expect(
      englishIn(
        screen.getByRole('navigation', { name: 'পাতার অবস্থান' }),
        heading,
        ...column.querySelectorAll(':scope > div:first-child > span'),
        column.querySelector('dl'),
        ...ownRows,
        screen.getByRole('heading', { level: 2, name: 'বিবরণ' }),
        contact,
        similar,
        more,
      ),
    ).toEqual([]);
  });

  it('listing page: a sold laptop says so', async () => {
    const laptop = makeLaptop({ _id: 's1', laptop_name: 'Dell XPS 13', salesStatus: 'sold', category: 'casual' });
    mockApi({ '/api/laptops/s1': { ...laptop, photos: [] }, '/api/laptops?category=casual&limit=4': page([]) });
    renderApp('/laptops/s1/dell-xps-13');
    const notice = (await screen.findByText('বিক্রি হয়ে গেছে।')).closest('[role="status"]')!;
    expect(notice).toHaveTextContent('বিক্রি হয়ে গেছে। এই ল্যাপটপটি বিক্রি হয়ে গেছে। নিচে একই রকম ল্যাপটপগুলো দেখে নিন।');
    expect(englishIn(notice)).toEqual([]);
  });

  it('search page: the heading, the count, the filters’ frame and the empty result', async () => {
    mockApi({
      '/api/laptops?q=thinkpad&limit=24': page([makeLaptop(), makeLaptop()]),
      '/api/laptops?q=nothing&location=dhaka&limit=24': page([]),
    });
    const { unmount } = renderApp('/search?q=thinkpad');
    const heading = await screen.findByRole('heading', { level: 1, name: '“thinkpad”-এর সাথে মেলে এমন ল্যাপটপ' });
    const count = await screen.findByText('২টি ল্যাপটপ');
    expect(document.title).toBe('thinkpad — পুরোনো ল্যাপটপ — Laptop Haat');
    const filtersHeading = screen.getByRole('heading', { level: 2, name: 'ফিল্টার' });
    expect(englishIn(count, filtersHeading, screen.getByLabelText('ফিল্টার দেখান'))).toEqual([]);
    // The words searched for are the visitor's.
    expect(englishLeft(heading, ['thinkpad'])).toEqual([]);
    unmount();

    renderApp('/search?q=nothing&location=dhaka');
    const none = await screen.findByRole('heading', { level: 2, name: 'এই খোঁজের সাথে কোনো ল্যাপটপ মেলেনি' });
    const box = none.parentElement!;
    expect(within(box).getByRole('link', { name: 'ফিল্টার মুছুন' })).toBeInTheDocument();
    expect(screen.getByText('ফিল্টার (১)')).toBeInTheDocument();
    expect(englishIn(box)).toEqual([]);
  });

  it('log-in and sign-up pages: the titles, the introductions and the links between them', async () => {
    mockApi({});
    const { unmount } = renderApp('/login?error=google');
    const heading = await screen.findByRole('heading', { level: 1, name: 'লগ ইন' });
    expect(document.title).toBe('লগ ইন — Laptop Haat');
    const intro = heading.nextElementSibling;
    const signUp = screen.getByRole('link', { name: 'সাইন আপ করুন' });
    expect(screen.getByText(/Google দিয়ে সাইন ইন সম্পন্ন হয়নি/)).toBeInTheDocument();
    expect(englishIn(heading, intro, signUp.parentElement)).toEqual([]);
    unmount();

    renderApp('/signup');
    const signupHeading = await screen.findByRole('heading', { level: 1, name: 'সাইন আপ' });
    expect(document.title).toBe('সাইন আপ — Laptop Haat');
    const logIn = screen.getByRole('link', { name: 'লগ ইন করুন' });
    expect(englishIn(signupHeading, signupHeading.nextElementSibling, logIn.parentElement)).toEqual([]);
  });

  it('payment page: the order, the notice that payment is coming, and the way back', async () => {
    const order: Order = {
      _id: 'o-1',
      buyerName: testUsers.buyer.name,
      buyerEmail: testUsers.buyer.email,
      buyerPhoneNumber: '01712345678',
      phone_verified: false,
      meetingAddress: 'Dhanmondi 27, Dhaka',
      laptop_img: '/images/laptops/casual-1.webp',
      laptop_name: 'HP Pavilion 15',
      laptop_id: 'laptop-1',
      resale_price: 38000,
      payment_status: true,
      status: 'accepted',
      created_at: '2026-11-20T10:00:00.000Z',
    };
    mockApi({ ...signedIn('buyer'), '/api/myOrders/o-1': order });
    renderApp('/dashboard/payment/o-1');
    expect(await screen.findByText('এই সুবিধাটি শিগগিরই আসছে')).toBeInTheDocument();
    const heading = screen.getByRole('heading', { level: 2, name: 'পেমেন্ট' });
    expect(screen.getByText('৳৩৮,০০০')).toBeInTheDocument();
    expect(screen.getByText('পরিশোধিত')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'আমার অর্ডারে ফিরে যান' })).toBeInTheDocument();
    expect(document.title).toBe('পেমেন্ট — Laptop Haat');
    expect(englishIn(heading.closest('section'))).toEqual([]);

    // The dashboard's frame: the role over the user's name, and the menu's button.
    const header = screen.getByText('ক্রেতার ড্যাশবোর্ড').closest('header')!;
    expect(within(header).getByRole('button', { name: 'ড্যাশবোর্ড মেনু' })).toHaveTextContent('মেনু');
    expect(englishIn(header)).toEqual([]);
  });

  it('payment page: an order that is not the buyer’s is not found', async () => {
    expectConsoleErrors();
    mockApi({
      ...signedIn('buyer'),
      '/api/myOrders/o-2': reply(404, {
        error: { code: 'not_found', reason: 'order_not_found', message: 'Order not found' },
      }),
    });
    renderApp('/dashboard/payment/o-2');
    const heading = await screen.findByRole('heading', { level: 2, name: 'অর্ডারটি পাওয়া যায়নি' });
    expect(englishIn(heading.closest('section'))).toEqual([]);
  });

  it('my orders: no orders yet, in Bangla', async () => {
    mockApi({
      ...signedIn('buyer'),
      [`/api/myOrders?buyerEmail=${encodeURIComponent(testUsers.buyer.email)}`]: [],
    });
    renderApp('/dashboard/myOrders');
    const empty = await screen.findByText('আপনার কোনো অর্ডার নেই');
    expect(document.title).toBe('আমার অর্ডার — Laptop Haat');
    expect(englishIn(empty)).toEqual([]);
  });

  it('the admin’s pages: headings and titles', async () => {
    mockApi({ ...signedIn('admin'), '/api/users/buyer': [], '/api/users/seller': [], '/api/reports?status=open': [] });
    const { unmount } = renderApp('/dashboard/allBuyers');
    const buyers = await screen.findByRole('heading', { level: 2, name: 'সব ক্রেতা' });
    expect(document.title).toBe('সব ক্রেতা — Laptop Haat');
    expect(englishIn(buyers, screen.getByText('অ্যাডমিন ড্যাশবোর্ড'))).toEqual([]);
    unmount();

    renderApp('/dashboard/reports');
    const reports = await screen.findByRole('heading', { level: 2, name: 'অভিযোগ' });
    expect(englishIn(reports, reports.nextElementSibling)).toEqual([]);
  });

  it('the seller’s Add A Product page: heading and introduction', async () => {
    mockApi({ ...signedIn('seller') });
    renderApp('/dashboard/addAProduct');
    const heading = await screen.findByRole('heading', { level: 2, name: 'পণ্য যোগ করুন' });
    expect(document.title).toBe('পণ্য যোগ করুন — Laptop Haat');
    expect(englishIn(heading, heading.nextElementSibling)).toEqual([]);
  });
});
