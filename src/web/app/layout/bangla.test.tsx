import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Service } from '../../../shared/services.ts';
import { englishLeft } from '../../test/english-left.ts';
import { mockApi } from '../../test/fetch.ts';
import { makeLaptop } from '../../test/laptops.ts';
import { renderIn } from '../../test/locale.ts';
import { renderApp } from '../../test/render.tsx';

// The first load in Bangla (docs/i18n.md): the shell, the home page and its cards read in Bangla,
// with Bangla digits, and the services come from the API in the page's language.

const banglaServices: Service[] = [
  { _id: 's1', service_name: 'বিশ্বস্ত কমিউনিটি', service_desc: 'ক্রেতা ও বিক্রেতা।', icon: 'RiTeamFill' },
];

describe('the home page in Bangla', () => {
  it('reads in Bangla, prices in ৳ with Bangla digits, and leaves no English but brands and user content', async () => {
    renderIn('bn');
    mockApi({
      '/api/myProducts?advertise=true': [
        makeLaptop({ laptop_name: 'ASUS ROG Strix G15', resale_price: 198000, usage_Time: 3, location: 'sylhet' }),
      ],
      '/api/services?lang=bn': banglaServices,
    });
    const { container } = renderApp('/');
    await screen.findByText('বিশ্বস্ত কমিউনিটি');
    expect(screen.getByRole('button', { name: 'এখনই কিনুন' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'লগ ইন' })).toBeInTheDocument();
    const card = (await screen.findByRole('heading', { name: 'ASUS ROG Strix G15' })).closest('article')!;
    expect(within(card).getByText('৳১,৯৮,০০০')).toBeInTheDocument();
    expect(within(card).getByText('৩ বছর')).toBeInTheDocument();
    expect(within(card).getByText('সিলেট')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'English' })).toHaveAttribute('href', '/?lang=en');
    expect(englishLeft(container)).toEqual([]);
  });

  it('in English keeps the spec words and offers বাংলা', async () => {
    mockApi({ '/api/myProducts?advertise=true': [], '/api/services': [] });
    renderApp('/');
    expect(await screen.findByRole('button', { name: 'Buy Now' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'বাংলা' })).toHaveAttribute('href', '/?lang=bn');
  });
});
