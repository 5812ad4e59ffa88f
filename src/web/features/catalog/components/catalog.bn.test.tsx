import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Photo } from '../../../../shared/photos.ts';
import { englishLeft } from '../../../test/english-left.ts';
import { renderIn } from '../../../test/locale.ts';
import { categoryTitle } from './category-title.ts';
import { savingText, specRows } from './listing-specs.ts';
import { PhotoGallery } from './photo-gallery.tsx';

// The listing page's parts on a Bangla page (docs/i18n.md): Bangla words and digits; the laptop's
// name is what the seller wrote.

const NAME = 'Lenovo ThinkPad T14';
const photo = (n: number): Photo => {
  const id = `${n}`.repeat(32);
  return { id, url: `/photos/${id}/1280.webp`, width: 1280, height: 800, widths: [320, 640, 960, 1280] };
};

describe('the catalog in Bangla', () => {
  it('names the gallery, its buttons and photos in Bangla with Bangla digits', () => {
    renderIn('bn');
    const { container } = render(<PhotoGallery photos={[photo(1), photo(2), photo(3)]} name={NAME} />);
    expect(screen.getByRole('region', { name: `${NAME}-এর ছবিগুলো` })).toBeInTheDocument();
    expect(
      screen.getByRole('region', { name: 'ছবিগুলো: একটি থেকে আরেকটিতে যেতে অ্যারো কী ব্যবহার করুন' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('img', { name: `${NAME}, ৩টির মধ্যে ১ নম্বর ছবি` })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'আগের ছবি' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'পরের ছবি' })).toBeEnabled();
    expect(screen.getByRole('button', { name: '২ নম্বর ছবি দেখুন' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'ছবি বেছে নিন' })).toBeInTheDocument();
    expect(screen.getByText('১ / ৩')).toBeInTheDocument();
    // The laptop's name is in the photos' labels: only its words are left in Latin letters.
    expect(englishLeft(container, ['Lenovo', 'ThinkPad'])).toEqual([]);
  });

  it('names a single photo in Bangla', () => {
    renderIn('bn');
    render(<PhotoGallery photos={[photo(1)]} name={NAME} />);
    expect(screen.getByRole('region', { name: `${NAME}-এর ছবি` })).toBeInTheDocument();
  });

  it('writes the specs, the saving and the category title in Bangla, and keeps the English', () => {
    const laptop = {
      brand: 'Lenovo',
      processor: 'Intel Core i5-1135G7',
      ram_gb: 16,
      storage_gb: 512,
      storage_type: 'ssd',
      screen_inches: 15.6,
      gpu: null,
      battery_health: 87,
    } as const;
    renderIn('bn');
    expect(specRows(laptop)).toEqual([
      ['ব্র্যান্ড', 'Lenovo', true],
      ['প্রসেসর', 'Intel Core i5-1135G7', true],
      ['র‍্যাম', '১৬ জিবি', false],
      ['স্টোরেজ', '৫১২ জিবি SSD', false],
      ['স্ক্রিনের মাপ', '১৫.৬ ইঞ্চি', false],
      ['ব্যাটারির অবস্থা', '৮৭%', false],
    ]);
    expect(savingText(70000, 100000)).toBe('আপনার সাশ্রয় ৳৩০,০০০ (৩০%)');
    expect(categoryTitle('gaming')).toBe('গেমিং ল্যাপটপ');

    renderIn('en');
    expect(specRows(laptop)).toEqual([
      ['Brand', 'Lenovo', true],
      ['Processor', 'Intel Core i5-1135G7', true],
      ['RAM', '16 GB', false],
      ['Storage', '512 GB SSD', false],
      ['Screen size', '15.6 inches', false],
      ['Battery health', '87%', false],
    ]);
    expect(savingText(70000, 100000)).toBe('You save Tk 30,000 (30%)');
    expect(categoryTitle('gaming')).toBe('Gaming Laptops');
    expect(categoryTitle('rugged')).toBe('Rugged Laptops');
  });
});
