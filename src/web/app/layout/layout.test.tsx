import { configure, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/fetch.ts';
import { renderApp } from '../../test/render.tsx';

// Lazy route modules are transformed on first use: the first render of a file can take seconds.
configure({ asyncUtilTimeout: 5000 });

async function renderHome() {
  mockApi({ '/api/myProducts?advertise=true': [], '/api/services': [] });
  const view = renderApp('/');
  await screen.findByRole('button', { name: 'Buy Now' });
  return view;
}

describe('navbar', () => {
  it('has the brand, Home, Categories, Blog and Log In', async () => {
    await renderHome();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Laptop Haat' })).toHaveAttribute('href', '/');
    expect(within(nav).getAllByRole('link', { name: 'Home' })[0]).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('link', { name: 'Blog' })).toHaveAttribute('href', '/blog');
    expect(within(nav).getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
    expect(within(nav).queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
  });

  it('opens Categories to the three category pages and closes on Escape', async () => {
    const { user } = await renderHome();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const button = within(nav).getByRole('button', { name: 'Categories' });
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(within(nav).getByRole('link', { name: 'Casual Laptops' })).toHaveAttribute('href', '/category/casual');
    expect(within(nav).getByRole('link', { name: 'Gaming Laptops' })).toHaveAttribute('href', '/category/gaming');
    expect(within(nav).getByRole('link', { name: 'Premium Laptops' })).toHaveAttribute('href', '/category/premium');

    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(within(nav).queryByRole('link', { name: 'Casual Laptops' })).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('closes Categories when the keyboard moves past it', async () => {
    const { user } = await renderHome();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('button', { name: 'Categories' }));
    within(nav).getByRole('link', { name: 'Premium Laptops' }).focus();
    await user.tab();
    expect(within(nav).getByRole('link', { name: 'Blog' })).toHaveFocus();
    expect(within(nav).queryByRole('link', { name: 'Premium Laptops' })).not.toBeInTheDocument();
  });

  it('has a menu button for small screens that shows the same links', async () => {
    const { user } = await renderHome();
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    await user.click(toggle);
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(within(panel).getByRole('link', { name: 'Gaming Laptops' })).toHaveAttribute('href', '/category/gaming');
    expect(within(panel).getByRole('link', { name: 'Log In' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
  });
});

describe('footer', () => {
  it("has the spec's three headings and their links", async () => {
    await renderHome();
    const footer = screen.getByRole('contentinfo');
    const headings = within(footer).getAllByRole('heading', { level: 2 });
    expect(headings.map((h) => h.textContent)).toEqual(['Laptop Categories', 'Company', 'Help']);

    const categories = within(footer).getByRole('navigation', { name: 'Laptop Categories' });
    expect(within(categories).getByRole('link', { name: 'Casual Laptop' })).toHaveAttribute('href', '/category/casual');
    expect(within(categories).getByRole('link', { name: 'Gaming Laptop' })).toHaveAttribute('href', '/category/gaming');
    expect(within(categories).getByRole('link', { name: 'Premium Laptop' })).toHaveAttribute(
      'href',
      '/category/premium',
    );

    const company = within(footer).getByRole('navigation', { name: 'Company' });
    expect(within(company).getByRole('link', { name: 'Blog' })).toHaveAttribute('href', '/blog');
    expect(within(company).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(within(company).getByRole('link', { name: 'About us' })).toHaveAttribute('href', '/about');

    const help = within(footer).getByRole('navigation', { name: 'Help' });
    expect(within(help).getByRole('link', { name: 'How to stay safe' })).toHaveAttribute('href', '/stay-safe');
    expect(within(help).getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact');
  });

  it('has no link that goes nowhere: no "advertisement" to the home page, no social networks’ home pages', async () => {
    await renderHome();
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).queryByRole('link', { name: 'advertisement' })).not.toBeInTheDocument();
    for (const link of within(footer).getAllByRole('link')) expect(link.getAttribute('href')).toMatch(/^\//);
  });
});
