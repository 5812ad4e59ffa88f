import { render as renderBare, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { makeLaptop } from '../../../test/laptops.ts';
import { LaptopCard } from './laptop-card.tsx';

// The card's name links to the laptop's page, so it needs a router around it.
const render = (ui: ReactElement) => renderBare(<MemoryRouter>{ui}</MemoryRouter>);

describe('LaptopCard', () => {
  it('shows the laptop: image, name, prices in Tk, years, location, date, seller and condition', () => {
    const laptop = makeLaptop({
      laptop_name: 'Lenovo Legion 5',
      resale_price: 85000,
      original_price: 135000,
      usage_Time: 2,
      location: 'chattogram',
      post_date: '2026-11-22T04:00:00.000Z',
      seller_name: 'Rahim Computers',
      conditionType: 'excellent',
    });
    render(<LaptopCard laptop={laptop} />);

    const card = screen.getByRole('article');
    expect(within(card).getByRole('heading', { level: 3, name: 'Lenovo Legion 5' })).toBeInTheDocument();
    const image = within(card).getByRole('img', { name: 'Lenovo Legion 5' });
    expect(image).toHaveAttribute('src', laptop.laptop_img);
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('decoding', 'async');
    expect(image).toHaveAttribute('width', '640');
    expect(image).toHaveAttribute('height', '400');
    expect(within(card).getByText('Tk 85,000')).toBeInTheDocument();
    expect(within(card).getByText('Tk 135,000')).toBeInTheDocument();
    expect(within(card).getByText('2 years')).toBeInTheDocument();
    expect(within(card).getByText('Chattogram')).toBeInTheDocument();
    expect(within(card).getByText('22/11/2026')).toHaveAttribute('datetime', laptop.post_date);
    expect(within(card).getByText('Rahim Computers')).toBeInTheDocument();
    expect(within(card).getByText('Excellent')).toBeInTheDocument();
  });

  it('marks a verified seller with an accessible "Verified seller" mark', () => {
    render(<LaptopCard laptop={makeLaptop({ seller_verified: true })} />);
    expect(screen.getByRole('img', { name: 'Verified seller' })).toBeInTheDocument();
  });

  it('shows no mark for an unverified seller', () => {
    render(<LaptopCard laptop={makeLaptop({ seller_verified: false })} />);
    expect(screen.queryByRole('img', { name: 'Verified seller' })).not.toBeInTheDocument();
  });

  it('cuts a long description to 200 characters followed by ...', () => {
    const description = `${'x'.repeat(200)}THE REST`;
    render(<LaptopCard laptop={makeLaptop({ laptopDesc: description })} />);
    expect(screen.getByText(`${'x'.repeat(200)}...`)).toBeInTheDocument();
    expect(screen.queryByText(/THE REST/)).not.toBeInTheDocument();
  });

  it('shows a description of 200 characters whole', () => {
    const description = 'y'.repeat(200);
    render(<LaptopCard laptop={makeLaptop({ laptopDesc: description })} />);
    expect(screen.getByText(description)).toBeInTheDocument();
  });

  it('renders actions given as children, and an h2 when asked', () => {
    render(
      <LaptopCard laptop={makeLaptop({ laptop_name: 'Dell G15' })} headingLevel="h2">
        <button type="button">Book Now</button>
      </LaptopCard>,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Dell G15' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Book Now' })).toBeInTheDocument();
  });

  it("links its name to the laptop's own page", () => {
    render(<LaptopCard laptop={makeLaptop({ _id: 'abc123', laptop_name: 'Lenovo ThinkPad X1 Carbon Gen 9' })} />);
    expect(screen.getByRole('link', { name: 'Lenovo ThinkPad X1 Carbon Gen 9' })).toHaveAttribute(
      'href',
      '/laptops/abc123/lenovo-thinkpad-x1-carbon-gen-9',
    );
  });

  it('sums up the specs in one line, leaving out what the seller did not give', () => {
    const { unmount } = render(
      <LaptopCard laptop={makeLaptop({ brand: 'Lenovo', ram_gb: 16, storage_gb: 512, storage_type: 'ssd' })} />,
    );
    expect(screen.getByText('Lenovo · 16 GB RAM · 512 GB SSD')).toBeInTheDocument();
    unmount();
    render(<LaptopCard laptop={makeLaptop({ brand: null, ram_gb: 8, storage_gb: 1024, storage_type: 'emmc' })} />);
    expect(screen.getByText('8 GB RAM · 1 TB eMMC')).toBeInTheDocument();
  });

  it('shows no spec line when no spec is given', () => {
    render(
      <LaptopCard
        laptop={makeLaptop({ laptopDesc: 'Plain.', brand: null, ram_gb: null, storage_gb: null, storage_type: null })}
      />,
    );
    expect(screen.queryByText(/GB|·/)).not.toBeInTheDocument();
  });
});
