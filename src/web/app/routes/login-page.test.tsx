import { configure, screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES } from '../../../shared/auth.ts';
import { leavePageFor } from '../../features/auth/api/leave-page.ts';
import { ACCESS_TOKEN_KEY } from '../../lib/access-token.ts';
import { mockApi, reply } from '../../test/fetch.ts';
import { renderApp } from '../../test/render.tsx';
import { sentRequests, stubMatchMedia } from '../../test/requests.ts';
import { signedIn, testUsers } from '../../test/session.ts';

// Lazy route modules are transformed on first use: the first render of a file can take seconds.
configure({ asyncUtilTimeout: 5000 });

vi.mock('../../features/auth/api/leave-page.ts', () => ({ leavePageFor: vi.fn() }));

const buyer = testUsers.buyer;
const GOOD_PASSWORD = 'Demo@1234';

beforeEach(() => {
  localStorage.clear();
  stubMatchMedia();
  // Toasts live in a module-level store: one test's toast must not show in the next.
  toast.remove();
});

/** Routes for a login that succeeds: the session appears once the sign-in call has been made. */
function loginRoutes(extra: Record<string, unknown> = {}) {
  let signedInYet = false;
  const { '/api/auth/get-session': session, ...roles } = signedIn('buyer');
  return {
    ...roles,
    [`/api/jwt?email=${encodeURIComponent(buyer.email)}`]: { accessToken: 'access-1' },
    ...extra,
    get '/api/auth/get-session'() {
      return signedInYet ? session : null;
    },
    get '/api/auth/sign-in/email'() {
      signedInYet = true;
      return { redirect: false, token: 't', user: buyer };
    },
  };
}

async function renderLogin(path = '/login', routes: Record<string, unknown> = {}) {
  const fetchMock = mockApi(routes);
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Log In' });
  return { ...view, fetchMock };
}

function errorOf(input: HTMLElement) {
  const id = input.getAttribute('aria-describedby')?.split(' ')[0];
  return id ? document.getElementById(id)?.textContent : undefined;
}

describe('login page', () => {
  it('has Email, Password, the Google button and a link to sign up', async () => {
    await renderLogin();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(await screen.findByRole('button', { name: 'Sign in with Google' })).toBeEnabled();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
  });

  it('shows the required messages in red under each field, tied to it', async () => {
    const { user } = await renderLogin();
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    const email = screen.getByLabelText('Email');
    const password = screen.getByLabelText('Password');
    expect(await screen.findByText(AUTH_MESSAGES.emailRequired)).toHaveClass('text-error');
    expect(screen.getByText(AUTH_MESSAGES.passwordRequired)).toHaveClass('text-error');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(errorOf(email)).toBe('Email Address is required');
    expect(errorOf(password)).toBe('Password is required');
  });

  it.each([
    ['', 'Password is required'],
    ['Ab1!', 'Password must be 6 characters or longer'],
    ['abcdef1!', 'Password must contain uppercase, lowercase, number and special character'],
    ['Abcdefg!', 'Password must contain uppercase, lowercase, number and special character'],
    ['Abcdef12', 'Password must contain uppercase, lowercase, number and special character'],
    ['Abcdef1%', 'Password must contain uppercase, lowercase, number and special character'],
  ])('password %j: %s', async (value, message) => {
    const { user } = await renderLogin();
    await user.type(screen.getByLabelText('Email'), 'someone@example.com');
    if (value) await user.type(screen.getByLabelText('Password'), value);
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    await waitFor(() => expect(errorOf(screen.getByLabelText('Password'))).toBe(message));
  });

  it.each([...'!@#$&*'])('accepts a password whose special character is %s', async (special) => {
    const { user, fetchMock } = await renderLogin('/login', {
      '/api/auth/sign-in/email': reply(401, {
        error: { code: 'unauthenticated', reason: 'wrong_credentials', message: 'Invalid email or password' },
      }),
    });
    await user.type(screen.getByLabelText('Email'), 'someone@example.com');
    await user.type(screen.getByLabelText('Password'), `Abcde1${special}`);
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    await screen.findByRole('alert');
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'false');
    expect(sentRequests(fetchMock).some((r) => r.path === '/api/auth/sign-in/email')).toBe(true);
  });

  it('says an invalid e-mail address is invalid', async () => {
    const { user } = await renderLogin();
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByText(AUTH_MESSAGES.emailInvalid)).toBeInTheDocument();
  });

  it("shows the server's message for a wrong password above the form", async () => {
    const { user } = await renderLogin('/login', {
      '/api/auth/sign-in/email': reply(401, {
        error: { code: 'unauthenticated', reason: 'wrong_credentials', message: 'Invalid email or password' },
      }),
    });
    await user.type(screen.getByLabelText('Email'), buyer.email);
    await user.type(screen.getByLabelText('Password'), 'Wrong@1234');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
  });

  it('shows the 429 message', async () => {
    const message = 'Too many attempts. Please try again in 60 seconds.';
    const { user } = await renderLogin('/login', {
      '/api/auth/sign-in/email': reply(429, {
        error: { code: 'rate_limited', reason: 'too_many_attempts', params: { seconds: 60 }, message },
      }),
    });
    await user.type(screen.getByLabelText('Email'), buyer.email);
    await user.type(screen.getByLabelText('Password'), GOOD_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it("puts the server's field errors under their fields", async () => {
    const { user } = await renderLogin('/login', {
      '/api/auth/sign-in/email': reply(400, {
        error: {
          code: 'validation',
          reason: 'invalid_request',
          message: 'The request is not valid',
          fields: { email: { code: 'invalid_email', message: 'Enter a valid email address' } },
        },
      }),
    });
    await user.type(screen.getByLabelText('Email'), 'a@b.co');
    await user.type(screen.getByLabelText('Password'), GOOD_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    await waitFor(() => expect(errorOf(screen.getByLabelText('Email'))).toBe('Enter a valid email address'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('disables Log In while the sign-in is on its way', async () => {
    const fetchMock = mockApi({});
    let release!: () => void;
    const pending = new Promise<void>((resolve) => {
      release = resolve;
    });
    const original = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
      if (String(input).endsWith('/auth/sign-in/email')) {
        await pending;
        return new Response(
          JSON.stringify({
            error: { code: 'unauthenticated', reason: 'wrong_credentials', message: 'Invalid email or password' },
          }),
          {
            status: 401,
          },
        );
      }
      return original(input);
    });
    const { user } = renderApp('/login');
    await user.type(await screen.findByLabelText('Email'), buyer.email);
    await user.type(screen.getByLabelText('Password'), GOOD_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Log In' })).toBeDisabled());
    release();
    await screen.findByRole('alert');
    expect(screen.getByRole('button', { name: 'Log In' })).toBeEnabled();
  });

  it('signs in, stores the access token, toasts and returns to the page the user came from', async () => {
    const routes = loginRoutes({
      '/api/categories/gaming': [],
      [`/api/myOrders?buyerEmail=${encodeURIComponent(buyer.email)}`]: [],
    });
    const { user, router, fetchMock } = await renderLogin('/login?from=%2Fcategory%2Fgaming', routes);
    await user.type(screen.getByLabelText('Email'), ` ${buyer.email.toUpperCase()} `);
    await user.type(screen.getByLabelText('Password'), GOOD_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Log In' }));

    expect(await screen.findByText('Successfully Logged In')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/category/gaming'));
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe('access-1');
    const signIn = sentRequests(fetchMock).find((r) => r.path === '/api/auth/sign-in/email');
    expect(signIn).toMatchObject({ method: 'POST', body: { email: buyer.email, password: GOOD_PASSWORD } });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('goes home after login when there is no origin, and never to another site', async () => {
    const { user, router } = await renderLogin(
      '/login?from=%2F%2Fevil.example',
      loginRoutes({ '/api/myProducts?advertise=true': [], '/api/services': [] }),
    );
    await user.type(screen.getByLabelText('Email'), buyer.email);
    await user.type(screen.getByLabelText('Password'), GOOD_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('explains a failed Google sign-in', async () => {
    await renderLogin('/login?error=google');
    expect(screen.getByRole('alert')).toHaveTextContent('Sign in with Google did not complete');
  });

  it('hides the Google button when the server offers no provider', async () => {
    await renderLogin('/login', { '/api/client-config': { googleSignIn: 'none' } });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Sign in with Google' })).not.toBeInTheDocument());
  });

  it("starts Google sign-in with the spec's return addresses and follows the provider's URL", async () => {
    const url = 'http://localhost:3100/oidc/auth?client_id=x';
    const { user, fetchMock } = await renderLogin('/login', { '/api/auth/sign-in/social': { url, redirect: true } });
    await user.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    await waitFor(() => expect(leavePageFor).toHaveBeenCalledWith(url));
    expect(sentRequests(fetchMock).find((r) => r.path === '/api/auth/sign-in/social')).toMatchObject({
      method: 'POST',
      body: {
        provider: 'google',
        callbackURL: '/?google=login',
        newUserCallbackURL: '/?google=signup',
        errorCallbackURL: '/login?error=google',
      },
    });
  });
});
