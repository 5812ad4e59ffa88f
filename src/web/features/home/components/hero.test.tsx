import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { Hero } from './hero.tsx';

// The hero's picture names its files by width (600/800/1,200, drawn by scripts/render-images.mjs):
// a width renamed on one side only would be a broken picture on the screens that pick it.
describe('the hero picture', () => {
  it('offers only files that exist, as AVIF and WebP', () => {
    const { container } = render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <Hero />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const picture = container.querySelector('picture');
    const offered = [...(picture?.querySelectorAll('source, img') ?? [])].flatMap((e) => [
      ...(e.getAttribute('srcset') ?? '').split(',').map((candidate) => candidate.trim().split(' ')[0]!),
      ...(e.getAttribute('src') ? [e.getAttribute('src')!] : []),
    ]);
    expect(offered.filter((url) => url.endsWith('.avif')).length).toBe(3);
    expect(offered.filter((url) => url.endsWith('.webp')).length).toBe(4);
    for (const url of offered) expect(existsSync(join('public', url)), url).toBe(true);
  });
});
