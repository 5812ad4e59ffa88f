import { configure, screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { beforeEach, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../../shared/auth.ts';
import { ACCESS_TOKEN_KEY } from '../../lib/access-token.ts';
import { mockApi, reply } from '../../test/fetch.ts';
import { renderApp } from '../../test/render.tsx';
import { sentRequests, stubMatchMedia } from '../../test/requests.ts';

// Lazy route modules are transformed on first use: the first render of a file can take seconds.
configure({ asyncUtilTimeout: 5000 });

const WEAK = 'Password must contain uppercase, lowercase, number and special character';
const newUser = { id: 'u-new', name: 'Nadia Islam', email: 'nadia@example.com' };

beforeEach(() => {
  localStorage.clear();
  stubMatchMedia();
  // Toasts live in a module-level store: one test's toast must not show in the next.
  toast.remove();
});

/** A sign-up that succeeds: the session exists once the sign-up call has been made. */
function signupRoutes(role: 'buyer' | 'seller') {
  let signedUp = false;
  const email = encodeURIComponent(newUser.email);
  return {
    get '/api/auth/get-session'() {
      return signedUp ? { session: { id: 's' }, user: newUser } : null;
    },
    get '/api/auth/sign-up/email'() {
      signedUp = true;
      return { token: 't', user: newUser };
    },
    '/api/users': { _id: newUser.id, ...newUser, role, verified: false },
    [`/api/jwt?email=${email}`]: { accessToken: 'access-new' },
    [`/api/users/admin/${email}`]: { isAdmin: false },
    [`/api/users/seller/${email}`]: { isSeller: role === 'seller' },
    '/api/myProducts?advertise=true': [],
    '/api/services': [],
  };
}

async function renderSignup(path = '/signup', routes: Record<string, unknown> = {}) {
  const fetchMock = mockApi(routes);
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Sign Up' });
  return { ...view, fetchMock };
}

function errorOf(input: HTMLElement) {
  const id = input.getAttribute('aria-describedby')?.split(' ')[0];
  const el = id ? document.getElementById(id) : null;
  return el?.classList.contains('text-error') ? el.textContent : undefined;
}

async function fill(user: Awaited<ReturnType<typeof renderSignup>>['user'], values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    if (label === 'Role') await user.selectOptions(screen.getByLabelText('Role'), value);
    else await user.type(screen.getByLabelText(label), value);
  }
}

describe('signup page', () => {
  it('has Name, Role (buyer by default), Email, Password and a link to login', async () => {
    await renderSignup();
    expect(screen.getByLabelText('Name')).toBeInTheDocument();
    const role = screen.getByLabelText('Role');
    expect(role).toHaveValue('buyer');
    expect(
      within(role)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Buyer', 'Seller']);
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });

  it('preselects seller from ?role=seller', async () => {
    await renderSignup('/signup?role=seller');
    expect(screen.getByLabelText('Role')).toHaveValue('seller');
  });

  it('shows each required message in red under its field', async () => {
    const { user } = await renderSignup();
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    await waitFor(() => expect(errorOf(screen.getByLabelText('Name'))).toBe(AUTH_MESSAGES.nameRequired));
    expect(errorOf(screen.getByLabelText('Email'))).toBe('Email Address is required');
    expect(errorOf(screen.getByLabelText('Password'))).toBe('Password is required');
    expect(screen.getByText('Name is required')).toHaveClass('text-error');
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
  });

  it.each([
    ['', 'Password is required'],
    ['Ab1!x', 'Password must be 6 characters or longer'],
    ['abcdef1!', WEAK],
    ['Abcdefg!', WEAK],
    ['Abcdef12', WEAK],
    ['Abcdef1^', WEAK],
  ])('password %j: %s', async (value, message) => {
    const { user } = await renderSignup();
    await fill(user, { Name: 'Nadia Islam', Email: newUser.email, ...(value ? { Password: value } : {}) });
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    await waitFor(() => expect(errorOf(screen.getByLabelText('Password'))).toBe(message));
    expect(errorOf(screen.getByLabelText('Name'))).toBeUndefined();
  });

  it.each(['buyer', 'seller'] as const)(
    'signs up a %s: records the user, stores the token, toasts and goes home (a seller to Add A Product)',
    async (role) => {
      const { user, router, fetchMock } = await renderSignup('/signup', signupRoutes(role));
      await fill(user, { Name: 'Nadia Islam', Role: role, Email: newUser.email, Password: 'Nadia@123' });
      await user.click(screen.getByRole('button', { name: 'Sign Up' }));

      expect(await screen.findByText('User created successfully')).toBeInTheDocument();
      const landing = role === 'seller' ? '/dashboard/addAProduct' : '/';
      await waitFor(() => expect(router.state.location.pathname).toBe(landing));
      if (role === 'seller') expect(router.state.location.search).toBe('?welcome=1');
      expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe('access-new');
      const writes = sentRequests(fetchMock).filter((r) => r.method !== 'GET');
      expect(writes).toEqual([
        expect.objectContaining({
          path: '/api/auth/sign-up/email',
          body: { name: 'Nadia Islam', role, email: newUser.email, password: 'Nadia@123' },
        }),
        expect.objectContaining({
          path: '/api/users',
          body: { name: 'Nadia Islam', email: newUser.email, role, verified: false },
        }),
      ]);
    },
  );

  it('says so under Email when the e-mail already has an account', async () => {
    const message = 'An account with this e-mail already exists. Please log in.';
    const { user } = await renderSignup('/signup', {
      '/api/auth/sign-up/email': reply(422, { error: { code: 'conflict', reason: 'account_exists', message } }),
    });
    await fill(user, { Name: 'Nadia Islam', Email: newUser.email, Password: 'Nadia@123' });
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    await waitFor(() => expect(errorOf(screen.getByLabelText('Email'))).toBe(message));
  });

  it("puts the server's field errors under their fields", async () => {
    const { user } = await renderSignup('/signup', {
      '/api/auth/sign-up/email': reply(400, {
        error: {
          code: 'validation',
          reason: 'invalid_request',
          message: 'The request is not valid',
          fields: { name: { code: 'required', message: 'Name is required' } },
        },
      }),
    });
    await fill(user, { Name: 'N', Email: newUser.email, Password: 'Nadia@123' });
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    await waitFor(() => expect(errorOf(screen.getByLabelText('Name'))).toBe('Name is required'));
  });
});
