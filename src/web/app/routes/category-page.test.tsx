import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectConsoleErrors } from '../../test/console.ts';
import { mockApi, reply } from '../../test/fetch.ts';
import { makeLaptop } from '../../test/laptops.ts';
import { renderApp } from '../../test/render.tsx';

describe('category page', () => {
  it('loads the laptops before showing them under "{Category} Laptops"', async () => {
    mockApi({
      '/api/categories/gaming': [
        makeLaptop({ laptop_name: 'Lenovo Legion 5', category: 'gaming' }),
        makeLaptop({ laptop_name: 'Dell G15 5511', category: 'gaming' }),
      ],
    });
    renderApp('/category/gaming');
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();

    expect(await screen.findByRole('heading', { level: 1, name: 'Gaming Laptops' })).toBeInTheDocument();
    const cards = screen.getAllByRole('article');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByRole('heading', { level: 2, name: 'Lenovo Legion 5' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument();
  });

  it('takes the heading from the URL when the category is empty', async () => {
    mockApi({ '/api/categories/premium': [] });
    renderApp('/category/premium');
    expect(await screen.findByRole('heading', { level: 1, name: 'Premium Laptops' })).toBeInTheDocument();
    expect(screen.getByText(/No laptops are listed in this category yet/)).toBeInTheDocument();
  });

  it('says an unknown category is not found and links Home', async () => {
    expectConsoleErrors();
    mockApi({
      '/api/categories/toys': reply(404, { error: { code: 'not_found', message: "Category 'toys' not found" } }),
    });
    renderApp('/category/toys');
    expect(await screen.findByRole('heading', { level: 1, name: 'Category not found' })).toBeInTheDocument();
    expect(screen.getByText(/no laptop category called “toys”/)).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(main).getByRole('link', { name: 'Gaming Laptops' })).toHaveAttribute('href', '/category/gaming');
  });

  it('asks a signed-out visitor to log in', async () => {
    expectConsoleErrors();
    mockApi({
      '/api/categories/casual': reply(401, {
        error: { code: 'unauthenticated', message: 'Please log in to continue' },
      }),
    });
    renderApp('/category/casual');
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in to see the laptops' })).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
  });

  it('offers to try again when the server fails', async () => {
    expectConsoleErrors();
    const fetchMock = mockApi({
      '/api/categories/casual': reply(500, { error: { code: 'internal', message: 'Something went wrong.' } }),
    });
    const { user } = renderApp('/category/casual');
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.getByRole('heading', { level: 1, name: 'Could not load the laptops' })).toBeInTheDocument();

    fetchMock.mockResolvedValueOnce(Response.json([makeLaptop({ category: 'casual', laptop_name: 'HP Pavilion 15' })]));
    await user.click(retry);
    expect(await screen.findByRole('heading', { level: 1, name: 'Casual Laptops' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'HP Pavilion 15' })).toBeInTheDocument();
  });
});
