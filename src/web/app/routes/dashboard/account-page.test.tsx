import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockApi, reply } from '../../../test/fetch.ts';
import { renderIn } from '../../../test/locale.ts';
import { renderApp } from '../../../test/render.tsx';
import { sentRequests, stubMatchMedia } from '../../../test/requests.ts';
import { signedIn, testUsers } from '../../../test/session.ts';

// Account settings (docs/product.md#account-settings): name and photo, the phone verified by SMS,
// the password and the language, for every role, in both languages.

const PATH = '/dashboard/account';
// The first visit downloads the lazy page (in a cold test run, compiles it): allow for that.
const PAGE_LOAD = { timeout: 5000 };

beforeEach(() => {
  localStorage.clear();
  stubMatchMedia();
});
afterEach(() => renderIn('en'));

function meOf(role: 'buyer' | 'seller', over: Record<string, unknown> = {}) {
  const routes = signedIn(role);
  return { ...routes, '/api/users/me': { ...(routes['/api/users/me'] as object), ...over } };
}

async function phoneSection() {
  const heading = await screen.findByRole('heading', { level: 3, name: /^Phone/ }, PAGE_LOAD);
  return within(heading.closest('section')!);
}

describe('Account settings', { timeout: 15_000 }, () => {
  it('is in the dashboard menu of every role and shows the four sections', async () => {
    mockApi(meOf('buyer'));
    renderApp(PATH);
    expect(await screen.findByRole('heading', { level: 2, name: 'Account settings' }, PAGE_LOAD)).toBeVisible();
    const menu = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(within(menu).getByRole('link', { name: 'Account settings' })).toHaveAttribute('href', PATH);
    for (const name of ['Profile', 'Password', 'Language']) {
      expect(await screen.findByRole('heading', { level: 3, name })).toBeVisible();
    }
    expect(screen.getByLabelText('Name')).toHaveValue(testUsers.buyer.name);
    const language = within(screen.getByRole('heading', { level: 3, name: 'Language' }).closest('section')!);
    expect(language.getByRole('link', { name: 'বাংলা' })).toHaveAttribute('href', `${PATH}?lang=bn`);
  });

  it('sends a code to the number, then verifies it, and shows the number verified', async () => {
    mockApi({
      ...meOf('seller', { phone: '01712345678' }),
      'POST /api/phone/otp': reply(202, { sent: true, expires_in: 300 }),
      'POST /api/phone/verify': { phone_verified: true, phone: '01712345678' },
    });
    const { user } = renderApp(PATH);
    const phone = await phoneSection();
    expect(phone.getByText('Not verified')).toBeVisible();
    // The number given last time starts the field.
    expect(phone.getByLabelText('Phone number')).toHaveValue('01712345678');

    await user.click(phone.getByRole('button', { name: 'Send code' }));
    expect(await phone.findByText('We sent a code to 01712345678. It works for 5 minutes.')).toBeVisible();
    await user.type(phone.getByLabelText('Code'), '123456');
    // From now on the account says it is verified.
    const verified = '01712345678';
    mockApi({
      ...meOf('seller', { phone: verified, verified_phone: verified }),
      'POST /api/phone/verify': { phone_verified: true, phone: verified },
    });
    await user.click(phone.getByRole('button', { name: 'Verify' }));
    expect(await phone.findByText('Phone verified', {}, PAGE_LOAD)).toBeVisible();
    expect(phone.queryByLabelText('Code')).not.toBeInTheDocument();
  });

  it('says what is wrong with the code, in the words of the error code', async () => {
    const fetchMock = mockApi({
      ...meOf('buyer'),
      'POST /api/phone/otp': reply(202, { sent: true, expires_in: 300 }),
      'POST /api/phone/verify': reply(400, {
        error: {
          code: 'validation',
          reason: 'phone_code_wrong',
          params: { tries_left: 4 },
          message: 'ignored by the web app',
        },
      }),
    });
    const { user } = renderApp(PATH);
    const phone = await phoneSection();
    await user.type(phone.getByLabelText('Phone number'), '০১৮১২৩৪৫৬৭৮');
    await user.click(phone.getByRole('button', { name: 'Send code' }));
    await user.type(await phone.findByLabelText('Code'), '000000');
    await user.click(phone.getByRole('button', { name: 'Verify' }));
    expect(await phone.findByRole('alert')).toHaveTextContent('That code is not right. Tries left with this code: 4');
    const sent = sentRequests(fetchMock).filter((r) => r.method === 'POST');
    expect(sent.map((r) => [r.path, r.body])).toEqual([
      ['/api/phone/otp', { phone: '০১৮১২৩৪৫৬৭৮' }],
      ['/api/phone/verify', { phone: '০১৮১২৩৪৫৬৭৮', code: '000000' }],
    ]);
  });

  it('shows the send limit and a failing gateway as the server words them', async () => {
    mockApi({
      ...meOf('buyer'),
      'POST /api/phone/otp': reply(
        429,
        { error: { code: 'rate_limited', reason: 'too_many_attempts', params: { seconds: 3600 }, message: 'x' } },
        { 'retry-after': '3600' },
      ),
    });
    const { user } = renderApp(PATH);
    const phone = await phoneSection();
    await user.type(phone.getByLabelText('Phone number'), '01812345678');
    await user.click(phone.getByRole('button', { name: 'Send code' }));
    expect(await phone.findByRole('alert')).toHaveTextContent('Too many attempts. Please try again in 3,600 seconds.');
    expect(phone.queryByLabelText('Code')).not.toBeInTheDocument();
  });

  it('saves the name and photo, and changes the password', async () => {
    const fetchMock = mockApi({
      ...meOf('buyer'),
      'POST /api/auth/update-user': { status: true },
      'POST /api/auth/change-password': { token: 't', user: { id: testUsers.buyer.id } },
    });
    const { user } = renderApp(PATH);
    const name = await screen.findByLabelText('Name', {}, PAGE_LOAD);
    await user.clear(name);
    await user.type(name, 'Tanvir A.');
    await user.type(screen.getByLabelText('Photo URL'), 'https://images.example.com/me.jpg');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await user.type(screen.getByLabelText('Current password'), 'Demo@1234');
    await user.type(screen.getByLabelText('New password'), 'Fresh@4567');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expect(
        sentRequests(fetchMock)
          .filter((r) => r.method === 'POST')
          .map((r) => [r.path, r.body]),
      ).toEqual([
        ['/api/auth/update-user', { name: 'Tanvir A.', image: 'https://images.example.com/me.jpg' }],
        ['/api/auth/change-password', { currentPassword: 'Demo@1234', newPassword: 'Fresh@4567' }],
      ]),
    );
  });

  it('reads in Bangla', async () => {
    renderIn('bn');
    mockApi(meOf('buyer'));
    renderApp(PATH);
    expect(await screen.findByRole('heading', { level: 2, name: 'অ্যাকাউন্ট সেটিংস' }, PAGE_LOAD)).toBeVisible();
    expect(await screen.findByRole('button', { name: 'কোড পাঠান' })).toBeVisible();
    expect(screen.getByText('যাচাই করা হয়নি')).toBeVisible();
  });
});
