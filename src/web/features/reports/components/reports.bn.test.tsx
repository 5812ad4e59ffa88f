import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Report } from '../../../../shared/reports.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { englishLeft } from '../../../test/english-left.ts';
import { mockApi, reply } from '../../../test/fetch.ts';
import { renderIn } from '../../../test/locale.ts';
import { REPORT_DIALOG_TEXT } from './report-dialog.tsx';
import { ReportListingButton } from './report-listing-button.tsx';
import { REPORTS_PAGE_TEXT, ReportedListings } from './reported-listings.tsx';

// Reports in Bangla (docs/i18n.md): the report dialog and the admin's Reports page; the laptops'
// names and what reporters wrote stay as written.

function renderWith(element: React.ReactNode) {
  const queryClient = createQueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/', element }]);
  const user = userEvent.setup();
  return {
    user,
    ...render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    ),
  };
}

let next = 0;
function makeReport(overrides: Partial<Report> = {}): Report {
  next += 1;
  return {
    _id: `r-${next}`,
    laptop_id: 'l-legion',
    laptop_name: 'Lenovo Legion 5',
    reason: 'scam',
    details: null,
    created_at: '2026-11-22T04:00:00.000Z',
    ...overrides,
  };
}

describe('the report dialog in Bangla', () => {
  it('asks for a reason and details in Bangla, and says the API’s refusal in Bangla', async () => {
    renderIn('bn');
    mockApi({
      '/api/auth/get-session': { session: { id: 's1' }, user: { id: 'u1', name: 'Tanvir', email: 't@x.test' } },
      '/api/reports': reply(409, {
        error: { code: 'conflict', reason: 'already_reported', message: 'You have already reported this listing' },
      }),
    });
    const { user, container } = renderWith(<ReportListingButton laptopId="l-legion" laptopName="Lenovo Legion 5" />);
    expect(englishLeft(container)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'বিজ্ঞাপনটি নিয়ে অভিযোগ করুন' }));
    const dialog = await screen.findByRole('dialog', { name: 'বিজ্ঞাপনটি নিয়ে অভিযোগ করুন' });
    const inDialog = within(dialog);
    expect(inDialog.getByText('Lenovo Legion 5')).toHaveAttribute('translate', 'no');
    expect(inDialog.getByRole('radio', { name: 'প্রতারণা বা জালিয়াতি' })).toBeInTheDocument();
    expect(inDialog.getByText('০/৫০০')).toBeInTheDocument();
    expect(inDialog.getByText('ঐচ্ছিক: যাচাই করতে আমাদের কাজে লাগবে এমন যেকোনো তথ্য।')).toBeInTheDocument();

    await user.click(inDialog.getByRole('button', { name: 'পাঠান' }));
    expect(await inDialog.findByText('একটি কারণ বেছে নিন')).toBeInTheDocument();
    await user.click(inDialog.getByRole('radio', { name: 'অন্যান্য' }));
    expect(inDialog.getByText('“অন্যান্য” বেছে নিলে আবশ্যক: কী সমস্যা তা আমাদের জানান।')).toBeInTheDocument();
    await user.type(inDialog.getByRole('textbox', { name: 'বিস্তারিত' }), 'Fake');
    expect(inDialog.getByText('৪/৫০০')).toBeInTheDocument();
    await user.click(inDialog.getByRole('button', { name: 'পাঠান' }));
    expect(await inDialog.findByRole('alert')).toHaveTextContent('এই বিজ্ঞাপনের বিরুদ্ধে আপনি আগেই অভিযোগ করেছেন');
    expect(englishLeft(dialog)).toEqual([]);
  });

  it('keeps the English words for English', () => {
    renderIn('en');
    expect(REPORT_DIALOG_TEXT.title).toBe('Report this listing');
    expect(REPORTS_PAGE_TEXT.dismissDetail('Dell XPS 13', 2)).toBe(
      'The 2 open reports on Dell XPS 13 will be closed. The listing stays up.',
    );
    expect(REPORTS_PAGE_TEXT.reportCount(1)).toBe('1 report');
  });
});

describe('the Reports page in Bangla', () => {
  it('groups the reports with Bangla counts, reasons and dates, and asks in Bangla', async () => {
    renderIn('bn');
    mockApi({
      '/api/reports?status=open&limit=100': [
        makeReport({ reason: 'offensive', created_at: '2026-11-23T05:00:00.000Z' }),
        makeReport({ details: 'Price is too good to be true' }),
        makeReport({ laptop_id: 'l-mac', laptop_name: 'MacBook Air M1', reason: 'other', details: 'Asks for bKash' }),
      ],
    });
    const { user, container } = renderWith(<ReportedListings />);
    const legion = within(await screen.findByRole('article', { name: 'Lenovo Legion 5' }));
    expect(legion.getByText('২টি অভিযোগ')).toBeInTheDocument();
    expect(legion.getByText('অভিযোগের কারণ: প্রতারণা বা জালিয়াতি (১) ও আপত্তিকর (১)')).toBeInTheDocument();
    expect(legion.getByText('Price is too good to be true')).toHaveAttribute('translate', 'no');
    expect(legion.getAllByRole('listitem')[0]).toHaveTextContent('আপত্তিকরঅভিযোগের তারিখ ২৩ নভেম্বর, ২০২৬');
    const mac = within(screen.getByRole('article', { name: 'MacBook Air M1' }));
    expect(mac.getByText('১টি অভিযোগ')).toBeInTheDocument();
    expect(englishLeft(container)).toEqual([]);

    await user.click(legion.getByRole('button', { name: 'বিজ্ঞাপন লুকান' }));
    const hide = screen.getByRole('dialog', { name: 'এই বিজ্ঞাপনটি লুকাবেন?' });
    expect(hide).toHaveTextContent(
      'Lenovo Legion 5 সব পাবলিক তালিকা ও পাতা থেকে সরে যাবে, এর চলমান বুকিংগুলো প্রত্যাখ্যান করা হবে, আর বিক্রেতাকে কারণ জানানো হবে: “অভিযোগের কারণ: প্রতারণা বা জালিয়াতি (১) ও আপত্তিকর (১)”',
    );
    expect(within(hide).getByRole('textbox', { name: 'বিক্রেতার জন্য নোট (ঐচ্ছিক)' })).toBeInTheDocument();
    expect(englishLeft(hide)).toEqual([]);
    await user.click(within(hide).getByRole('button', { name: 'বাতিল' }));

    await user.click(mac.getByRole('button', { name: 'অভিযোগ খারিজ করুন' }));
    const dismiss = screen.getByRole('dialog', { name: 'এই অভিযোগগুলো খারিজ করবেন?' });
    expect(dismiss).toHaveTextContent('MacBook Air M1-এর ১টি অমীমাংসিত অভিযোগ বন্ধ করা হবে। বিজ্ঞাপনটি থেকে যাবে।');
    // The sentence is one string (the English tests find it whole), so the laptop's name is not marked.
    expect(englishLeft(dismiss, ['MacBook', 'Air'])).toEqual([]);
  });

  it('says so in Bangla when nothing is reported', async () => {
    renderIn('bn');
    mockApi({ '/api/reports?status=open&limit=100': [] });
    const { container } = renderWith(<ReportedListings />);
    expect(
      await screen.findByText('কোনো অমীমাংসিত অভিযোগ নেই। কেউ কোনো বিজ্ঞাপন নিয়ে অভিযোগ করলে তা এখানে দেখা যাবে।'),
    ).toBeInTheDocument();
    expect(englishLeft(container)).toEqual([]);
  });
});
