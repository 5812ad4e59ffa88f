import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Photo } from '../../shared/photos.ts';
import { LaptopImage } from './laptop-image.tsx';

// A laptop's picture (docs/photos.md#on-the-pages): AVIF then WebP at the widths the photo was stored
// at, the plain image for a listing with only a URL; always sized, lazy unless it is the page's first.

const ID = '0123456789abcdef0123456789abcdef';
const NEW_WIDTHS = [320, 640, 720, 960, 1280];
/** The widths photos were stored at before 960 (migration 0013 gives them to those rows). */
const OLD_WIDTHS = [320, 640, 1280];
const photo = (width = 1280, height = 960, widths = NEW_WIDTHS): Photo => ({
  id: ID,
  url: `/photos/${ID}/1280.webp`,
  width,
  height,
  widths,
});
/** The srcset of files named `names` in one format, each as wide as its name but the last (`widest`). */
const srcset = (format: string, names: number[], widest = 1280) =>
  names.map((name, i) => `/photos/${ID}/${name}.${format} ${i === names.length - 1 ? widest : name}w`).join(', ');
const SIZES = '(min-width: 1024px) 33vw, 100vw';

function renderImage(props: Partial<Parameters<typeof LaptopImage>[0]> = {}) {
  const { container } = render(
    <LaptopImage photo={photo()} src={`/photos/${ID}/1280.webp`} alt="HP EliteBook 840" sizes={SIZES} {...props} />,
  );
  return {
    picture: container.querySelector('picture'),
    sources: [...container.querySelectorAll('source')],
    img: container.querySelector('img')!,
  };
}

describe('LaptopImage', () => {
  it('offers a photo as AVIF, then WebP, at 320, 640, 720, 960 and 1280 px, with the sizes given', () => {
    const { picture, sources, img } = renderImage();
    expect(picture).not.toBeNull();
    const files = [320, 640, 720, 960, 1280];
    expect(sources.map((s) => [s.getAttribute('type'), s.getAttribute('srcset'), s.getAttribute('sizes')])).toEqual([
      ['image/avif', srcset('avif', files), SIZES],
      ['image/webp', srcset('webp', files), SIZES],
    ]);
    // The <img> inside: the widest WebP for browsers without <picture>, the alt text, and the photo's own size.
    expect(picture).toContainElement(img);
    expect(img).toHaveAttribute('src', `/photos/${ID}/1280.webp`);
    expect(img).toHaveAttribute('alt', 'HP EliteBook 840');
    expect(img).toHaveAttribute('width', '1280');
    expect(img).toHaveAttribute('height', '960');
  });

  it('offers a photo stored before 720 px only the files it has', () => {
    const { sources } = renderImage({ photo: photo(1280, 960, [320, 640, 960, 1280]) });
    expect(sources[0]).toHaveAttribute('srcset', srcset('avif', [320, 640, 960, 1280]));
    expect(sources[0]?.getAttribute('srcset')).not.toContain('720');
  });

  it('offers a photo stored before 960 px only the files it has', () => {
    const { sources } = renderImage({ photo: photo(1280, 960, OLD_WIDTHS) });
    const files = [320, 640, 1280];
    expect(sources[0]).toHaveAttribute('srcset', srcset('avif', files));
    expect(sources[1]).toHaveAttribute('srcset', srcset('webp', files));
    expect(sources[1]?.getAttribute('srcset')).not.toContain('960');
  });

  it('names a narrower photo’s widest file by its own width', () => {
    const { sources, img } = renderImage({ photo: photo(500, 375) });
    expect(sources[0]).toHaveAttribute('srcset', srcset('avif', [320, 1280], 500));
    expect(sources[1]).toHaveAttribute('srcset', srcset('webp', [320, 1280], 500));
    expect(img).toHaveAttribute('width', '500');
    expect(img).toHaveAttribute('height', '375');
    // 900 px wide: no 960 file, the widest (`1280`) is 900 px.
    expect(renderImage({ photo: photo(900, 600) }).sources[1]).toHaveAttribute(
      'srcset',
      srcset('webp', [320, 640, 720, 1280], 900),
    );
  });

  it('keeps the photo’s address when it is stored elsewhere (a CDN)', () => {
    const url = `https://cdn.example.com/photos/${ID}/1280.webp`;
    const { sources } = renderImage({ photo: { ...photo(), url }, src: url });
    expect(sources[1]?.getAttribute('srcset')?.split(', ')[0]).toBe(
      `https://cdn.example.com/photos/${ID}/320.webp 320w`,
    );
  });

  it('loads lazily and without priority unless it is the page’s first picture', () => {
    const { img } = renderImage();
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('decoding', 'async');
    expect(img).not.toHaveAttribute('fetchpriority');
  });

  it('loads at once and first with priority', () => {
    const { img } = renderImage({ priority: true });
    expect(img).toHaveAttribute('loading', 'eager');
    expect(img).toHaveAttribute('fetchpriority', 'high');
  });

  it('shows a listing with only an image URL as that image, in the 640 × 400 box', () => {
    const { picture, sources, img } = renderImage({ photo: null, src: 'https://example.com/laptop.jpg' });
    expect(picture).toBeNull();
    expect(sources).toEqual([]);
    expect(img).toHaveAttribute('src', 'https://example.com/laptop.jpg');
    expect(img).toHaveAttribute('width', '640');
    expect(img).toHaveAttribute('height', '400');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).not.toHaveAttribute('srcset');
  });

  it('adds the class given to the image', () => {
    const { img } = renderImage({ className: 'opacity-60' });
    expect(img).toHaveClass('opacity-60', 'object-cover');
  });
});
