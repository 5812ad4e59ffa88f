import { configure, screen, waitFor } from '@testing-library/react';
import toast from 'react-hot-toast';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES, RESET_MESSAGES } from '../../../../shared/auth.ts';
import { ACCESS_TOKEN_KEY } from '../../../lib/access-token.ts';
import { mockApi, reply } from '../../../test/fetch.ts';
import { renderApp } from '../../../test/render.tsx';
import { sentRequests, stubMatchMedia } from '../../../test/requests.ts';

// "Forgot password?" → /forgot-password → the e-mail's /reset-password?token=… (docs/product.md#forgot-password).

// Lazy route modules are transformed on first use: the first render of a file can take seconds.
configure({ asyncUtilTimeout: 15_000 });
// Typing into several fields on a busy machine takes longer than the default 5 s.
vi.setConfig({ testTimeout: 30_000 });

beforeEach(() => {
  localStorage.clear();
  stubMatchMedia();
  toast.remove();
});

const LINK_INVALID = reply(400, {
  error: {
    code: 'validation',
    reason: 'reset_link_invalid',
    message: RESET_MESSAGES.linkInvalid,
    fields: { token: { code: 'reset_link_invalid', message: RESET_MESSAGES.linkInvalid } },
  },
});

describe('forgot password', () => {
  it('is linked from the login form and sends the address, then says where the link went', async () => {
    const fetchMock = mockApi({ '/api/auth/request-password-reset': { status: true, message: RESET_MESSAGES.sent } });
    const { user } = renderApp('/login');
    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    await screen.findByRole('heading', { level: 1, name: 'Forgot password?' });
    await user.type(screen.getByLabelText('Email'), 'Someone@Example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'If an account uses someone@example.com, we have sent it a link to choose a new password. The link works once, for 30 minutes.',
    );
    const sent = sentRequests(fetchMock).filter((r) => r.path === '/api/auth/request-password-reset');
    expect(sent).toEqual([expect.objectContaining({ method: 'POST', body: { email: 'someone@example.com' } })]);
  });

  it('checks the address before sending, and shows a refusal above the form', async () => {
    const message = 'Too many attempts. Please try again in 60 seconds.';
    mockApi({
      '/api/auth/request-password-reset': reply(429, {
        error: { code: 'rate_limited', reason: 'too_many_attempts', params: { seconds: 60 }, message },
      }),
    });
    const { user } = renderApp('/forgot-password');
    await screen.findByRole('heading', { level: 1, name: 'Forgot password?' });
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(AUTH_MESSAGES.emailRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'someone@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });
});

describe('reset password', () => {
  it('sets the new password under the sign-up rules, forgets this browser’s session and goes to log in', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'old-token');
    const fetchMock = mockApi({ '/api/auth/reset-password': { status: true } });
    const { user } = renderApp('/reset-password?token=abcDEF123');
    await screen.findByRole('heading', { level: 1, name: 'Choose a new password' });
    const field = screen.getByLabelText('New password');
    expect(field).toHaveAttribute('autocomplete', 'new-password');
    await user.type(field, 'weakpassword');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText(AUTH_MESSAGES.passwordWeak)).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, 'Fresh@456');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    await screen.findByRole('heading', { level: 1, name: 'Log In' });
    expect(
      await screen.findByText('Your password has been changed. Log in with your new password.'),
    ).toBeInTheDocument();
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    const sent = sentRequests(fetchMock).filter((r) => r.path === '/api/auth/reset-password');
    expect(sent).toEqual([
      expect.objectContaining({ method: 'POST', body: { token: 'abcDEF123', newPassword: 'Fresh@456' } }),
    ]);
  });

  it('says an expired or used link is dead, and offers a new one', async () => {
    mockApi({ '/api/auth/reset-password': LINK_INVALID });
    const { user } = renderApp('/reset-password?token=used');
    await user.type(await screen.findByLabelText('New password'), 'Fresh@456');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This reset link has expired or has already been used. Links work once, for 30 minutes.',
    );
    await user.click(screen.getByRole('link', { name: 'Ask for a new link' }));
    await screen.findByRole('heading', { level: 1, name: 'Forgot password?' });
  });

  it('says so at once when the address has no token', async () => {
    mockApi({});
    renderApp('/reset-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('This reset link has expired or has already been used.');
    await waitFor(() => expect(screen.queryByLabelText('New password')).toBeNull());
  });
});
