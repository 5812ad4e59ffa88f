import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../../../shared/auth.ts';
import { Providers } from '../../../app/providers.tsx';
import { translateMessage } from '../../../i18n/shared-messages.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { englishLeft } from '../../../test/english-left.ts';
import { mockApi } from '../../../test/fetch.ts';
import { renderIn } from '../../../test/locale.ts';
import { signedIn, testUsers } from '../../../test/session.ts';
import { AUTH_TOASTS } from './auth-toasts.ts';
import { GoogleSignInButton } from './google-sign-in-button.tsx';
import { LoginForm } from './login-form.tsx';
import { SignupForm } from './signup-form.tsx';

// The log-in and sign-up forms on a Bangla page (docs/i18n.md): every word in Bangla, digits too.

function renderBn(ui: ReactNode) {
  renderIn('bn');
  const queryClient = createQueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element: ui }]);
  const user = userEvent.setup();
  const view = render(
    <Providers queryClient={queryClient} origin="http://localhost">
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...view, user };
}

describe('the auth forms in Bangla', () => {
  it('log in: labels, button and Google sign-in in Bangla, no English left', async () => {
    mockApi({});
    const { container } = renderBn(
      <>
        <LoginForm onLoggedIn={() => {}} />
        <GoogleSignInButton />
      </>,
    );
    expect(screen.getByRole('form', { name: 'লগ ইন করুন' })).toBeInTheDocument();
    expect(screen.getByLabelText('ইমেইল')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('পাসওয়ার্ড')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'লগ ইন' })).toBeEnabled();
    expect(await screen.findByRole('button', { name: 'Google দিয়ে সাইন ইন করুন' })).toBeEnabled();
    expect(screen.getByText('অথবা')).toBeInTheDocument();
    expect(englishLeft(container)).toEqual([]);
  });

  it('log in: the validation messages come through the shared-message table', async () => {
    mockApi({});
    const { user } = renderBn(<LoginForm onLoggedIn={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'লগ ইন' }));
    expect(await screen.findByText(translateMessage(AUTH_MESSAGES.emailRequired))).toHaveClass('text-error');
    expect(screen.getByText(translateMessage(AUTH_MESSAGES.passwordRequired))).toHaveClass('text-error');
  });

  it('log in: the toast is in Bangla', async () => {
    const buyer = testUsers.buyer;
    let signedInYet = false;
    const { '/api/auth/get-session': session, ...roles } = signedIn('buyer');
    mockApi({
      ...roles,
      [`/api/jwt?email=${encodeURIComponent(buyer.email)}`]: { accessToken: 'access-1' },
      get '/api/auth/get-session'() {
        return signedInYet ? session : null;
      },
      get '/api/auth/sign-in/email'() {
        signedInYet = true;
        return { redirect: false, token: 't', user: buyer };
      },
    });
    let loggedIn = false;
    const { user } = renderBn(<LoginForm onLoggedIn={() => (loggedIn = true)} />);
    await user.type(screen.getByLabelText('ইমেইল'), buyer.email);
    await user.type(screen.getByLabelText('পাসওয়ার্ড'), 'Demo@1234');
    await user.click(screen.getByRole('button', { name: 'লগ ইন' }));
    expect(await screen.findByText('সফলভাবে লগ ইন হয়েছে')).toBeInTheDocument();
    expect(loggedIn).toBe(true);
  });

  it('sign up: labels, roles, the password hint with Bangla digits, no English left', () => {
    mockApi({});
    const { container } = renderBn(<SignupForm onSignedUp={() => {}} />);
    expect(screen.getByRole('form', { name: 'সাইন আপ করুন' })).toBeInTheDocument();
    expect(screen.getByLabelText('নাম')).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'ক্রেতা' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'বিক্রেতা' })).toBeInTheDocument();
    expect(screen.getByLabelText('অ্যাকাউন্টের ধরন')).toHaveValue('buyer');
    expect(screen.getByText(/^কমপক্ষে ৬ অক্ষর/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'সাইন আপ' })).toBeEnabled();
    expect(englishLeft(container)).toEqual([]);
  });

  it('keeps the spec toasts word for word in English', () => {
    renderIn('en');
    expect(AUTH_TOASTS.login).toBe('Successfully Logged In');
    expect(AUTH_TOASTS.signup).toBe('User created successfully');
    renderIn('bn');
    expect(AUTH_TOASTS.signup).toBe('অ্যাকাউন্ট সফলভাবে তৈরি হয়েছে');
  });
});
