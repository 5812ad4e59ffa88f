import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Role } from '../../../../shared/catalog.ts';
import { englishLeft } from '../../../test/english-left.ts';
import { renderIn } from '../../../test/locale.ts';
import { DashboardMenu, dashboardMenu } from './dashboard-menu.tsx';
import { DashboardWelcome } from './dashboard-welcome.tsx';

// The dashboard's menu and welcome on a Bangla page (docs/i18n.md); the user's name as written.

function renderBn(ui: ReactNode) {
  renderIn('bn');
  return render(<RouterProvider router={createMemoryRouter([{ path: '*', element: ui }])} />);
}

const names: Record<Role, string[]> = {
  buyer: ['আমার অর্ডার', 'আমার উইশলিস্ট', 'সেভ করা সার্চ', 'বার্তা', 'অ্যাকাউন্ট সেটিংস'],
  seller: ['পণ্য যোগ করুন', 'আমার পণ্য', 'আমার ক্রেতা', 'সেভ করা সার্চ', 'বার্তা', 'অ্যাকাউন্ট সেটিংস'],
  admin: ['সব ক্রেতা', 'সব বিক্রেতা', 'অভিযোগ', 'মডারেশন', 'সেভ করা সার্চ', 'বার্তা', 'অ্যাকাউন্ট সেটিংস'],
};

describe('the dashboard in Bangla', () => {
  it.each(['buyer', 'seller', 'admin'] as const)('shows the %s menu and welcome in Bangla, no English left', (role) => {
    const { container } = renderBn(
      <>
        <DashboardMenu role={role} />
        <DashboardWelcome name="Tanvir Ahmed" role={role} />
      </>,
    );
    expect(
      screen
        .getAllByRole('link')
        .slice(0, -1)
        .map((link) => link.textContent),
    ).toEqual(names[role]);
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('স্বাগতম, Tanvir Ahmed');
    expect(screen.getByText('Tanvir Ahmed')).toHaveAttribute('translate', 'no');
    expect(englishLeft(container)).toEqual([]);
  });

  it('keeps the spec menu word for word in English', () => {
    renderIn('en');
    expect(dashboardMenu('seller').map((item) => item.label)).toEqual([
      'Add A Product',
      'My Products',
      'My Buyers',
      'Saved searches',
      'Messages',
      'Account settings',
    ]);
    const seller: Role = 'seller';
    renderBn(<DashboardWelcome name="Rahim" role={seller} />);
    expect(screen.getByRole('link', { name: 'ল্যাপটপ যোগ করুন' })).toHaveAttribute('href', '/dashboard/addAProduct');
  });
});
