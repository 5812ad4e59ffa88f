import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/fetch.ts';
import { renderApp } from '../../test/render.tsx';

describe('not-found page', () => {
  it("answers an unknown path with the spec's words and a Home link", async () => {
    mockApi({ '/api/myProducts?advertise=true': [], '/api/services': [] });
    const { user, router } = renderApp('/no/such/page');

    expect(screen.getByRole('heading', { level: 1, name: 'OOps!!! Something went wrong.' })).toBeInTheDocument();
    const home = within(screen.getByRole('main')).getByRole('link', { name: 'Home' });
    expect(home).toHaveAttribute('href', '/');
    // The navbar and footer stay, so the visitor is not stranded.
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();

    await user.click(home);
    expect(router.state.location.pathname).toBe('/');
    expect(await screen.findByRole('button', { name: 'Buy Now' })).toBeInTheDocument();
  });
});
