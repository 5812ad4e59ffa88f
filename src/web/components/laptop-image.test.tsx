import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Photo } from '../../shared/photos.ts';
import { LaptopImage } from './laptop-image.tsx';

// A laptop's picture (docs/photos.md#on-the-pages): AVIF then WebP at 320/640/1280 px for a photo,
// the plain image for a listing with only a URL; always sized, lazy unless it is the page's first.

const ID = '0123456789abcdef0123456789abcdef';
const photo = (width = 1280, height = 960): Photo => ({ id: ID, url: `/photos/${ID}/1280.webp`, width, height });
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
  it('offers a photo as AVIF, then WebP, at 320, 640 and 1280 px, with the sizes given', () => {
    const { picture, sources, img } = renderImage();
    expect(picture).not.toBeNull();
    expect(sources.map((s) => [s.getAttribute('type'), s.getAttribute('srcset'), s.getAttribute('sizes')])).toEqual([
      ['image/avif', `/photos/${ID}/320.avif 320w, /photos/${ID}/640.avif 640w, /photos/${ID}/1280.avif 1280w`, SIZES],
      ['image/webp', `/photos/${ID}/320.webp 320w, /photos/${ID}/640.webp 640w, /photos/${ID}/1280.webp 1280w`, SIZES],
    ]);
    // The <img> inside: the widest WebP for browsers without <picture>, the alt text, and the photo's own size.
    expect(picture).toContainElement(img);
    expect(img).toHaveAttribute('src', `/photos/${ID}/1280.webp`);
    expect(img).toHaveAttribute('alt', 'HP EliteBook 840');
    expect(img).toHaveAttribute('width', '1280');
    expect(img).toHaveAttribute('height', '960');
  });

  it('names a narrower photo’s widest file by its own width', () => {
    const { sources, img } = renderImage({ photo: photo(500, 375) });
    expect(sources[0]).toHaveAttribute('srcset', `/photos/${ID}/320.avif 320w, /photos/${ID}/1280.avif 500w`);
    expect(sources[1]).toHaveAttribute('srcset', `/photos/${ID}/320.webp 320w, /photos/${ID}/1280.webp 500w`);
    expect(img).toHaveAttribute('width', '500');
    expect(img).toHaveAttribute('height', '375');
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
