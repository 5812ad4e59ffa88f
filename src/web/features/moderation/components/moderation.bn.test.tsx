import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { englishLeft } from '../../../test/english-left.ts';
import { mockApi } from '../../../test/fetch.ts';
import { makeLaptop } from '../../../test/laptops.ts';
import { renderIn } from '../../../test/locale.ts';
import { makeBaitItem } from '../test/held-listings.ts';
import { ModerationQueue } from './moderation-queue.tsx';

// The Moderation page in Bangla (docs/i18n.md): every flag, the evidence and the reject dialog; the
// laptops' and sellers' names stay as written.

const item = makeBaitItem({
  laptop: makeLaptop({ _id: 'l-bait', laptop_name: 'MacBook Pro', seller_name: 'Karim', resale_price: 30000 }),
  proof_photo: null,
});

describe('the Moderation page in Bangla', () => {
  it('words the flags, the evidence and the reject dialog in Bangla', async () => {
    renderIn('bn');
    mockApi({ '/api/moderation': [item] });
    const queryClient = createQueryClient({ defaultOptions: { queries: { retry: false } } });
    const router = createMemoryRouter([{ path: '/', element: <ModerationQueue /> }]);
    const user = userEvent.setup();
    const { container } = render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const card = within(await screen.findByRole('article', { name: 'MacBook Pro' }));
    expect(card.getByText('একই ধরনের ল্যাপটপের চেয়ে দাম অনেক কম')).toBeInTheDocument();
    expect(card.getByText('গত ২৪ ঘণ্টায় এই বিক্রেতার ১৪টি বিজ্ঞাপন')).toBeInTheDocument();
    // The other listing's name in the alt text of its photo is as its seller wrote it.
    expect(englishLeft(container, ['K7Q2', 'MacBook', 'Pro', 'M2', '14"'])).toEqual([]);

    await user.click(card.getByRole('button', { name: 'বাতিল করুন' }));
    const dialog = screen.getByRole('dialog', { name: 'এই বিজ্ঞাপনটি বাতিল করবেন?' });
    expect(englishLeft(dialog)).toEqual([]);
  });
});
