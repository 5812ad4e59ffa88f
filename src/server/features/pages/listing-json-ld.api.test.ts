import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { laptopDetailSchema, laptopPageSchema } from '../../../shared/search.ts';
import * as pages from '../../../web/app/entry-server.tsx';
import { makeLaptop, makeUser } from '../../seed/factories.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { laptops } from '../laptops/schema.ts';
import { users } from '../users/schema.ts';

// A listing's page carries its schema.org Product and Offer as JSON-LD, rendered on the server
// (docs/rendering.md#structured-data), which no text of the seller's can break out of.

const webDir = mkdtempSync(join(tmpdir(), 'laptop-haat-json-ld-'));
writeFileSync(join(webDir, 'index.html'), readFileSync('index.html', 'utf8'));
writeFileSync(join(webDir, 'preloads.json'), '{}');

const seller = makeUser({ role: 'seller', verified: true, name: 'JSON-LD Seller' });
const HOSTILE = 'Fast. </script><script>alert(1)</script> <!-- & </SCRIPT > \u2028 "quoted" \\ done';
const hostile = makeLaptop({
  sellerId: seller.id,
  name: 'Dell Latitude 5410 </script>',
  brand: 'Dell',
  resalePrice: 41_500,
  description: HOSTILE,
  imageUrl: 'https://images.example.com/latitude.jpg',
});
const sold = makeLaptop({
  sellerId: seller.id,
  name: 'Walton Passion sold',
  brand: null,
  resalePrice: 18_000,
  salesStatus: 'sold',
});

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ webDir, pages });
  await t.database.db.insert(users).values([seller]);
  await t.database.db.insert(laptops).values([hostile, sold]);
});
afterAll(() => t?.close());

/** The listing's page, following its move to its one address, and the JSON-LD blocks in it. */
async function listingPage(id: string) {
  const res = await t.request(`/laptops/${id}`);
  expect(res.status).toBe(200);
  const html = await res.text();
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
  return { html, url: res.url, blocks };
}

interface Product {
  '@context': string;
  '@type': string;
  name: string;
  description: string;
  image: string[];
  sku: string;
  brand?: { '@type': string; name: string };
  offers: {
    '@type': string;
    price: number;
    priceCurrency: string;
    availability: string;
    itemCondition: string;
    url: string;
    seller: { '@type': string; name: string };
  };
}

describe('JSON-LD on a listing page', () => {
  it('describes a demo laptop for sale as a Product with an Offer in BDT, its photos as images', async () => {
    const found = laptopPageSchema.parse(await (await t.request('/api/laptops?q=thinkpad%20x1%20carbon')).json());
    const listed = found.items.find((l) => l.laptop_name === 'Lenovo ThinkPad X1 Carbon Gen 9');
    expect(listed).toBeDefined();
    const x1 = laptopDetailSchema.parse(await (await t.request(`/api/laptops/${listed!._id}`)).json());
    const { url, blocks, html } = await listingPage(x1._id);
    expect(url).toBe(`${t.url}/laptops/${x1._id}/lenovo-thinkpad-x1-carbon-gen-9`);
    expect(blocks).toHaveLength(1);
    const product = JSON.parse(blocks[0]!) as Product;
    expect(product).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: x1.laptop_name,
      description: x1.laptopDesc,
      sku: x1._id,
      brand: { '@type': 'Brand', name: 'Lenovo' },
      offers: {
        '@type': 'Offer',
        price: x1.resale_price,
        priceCurrency: 'BDT',
        availability: 'https://schema.org/InStock',
        itemCondition: 'https://schema.org/UsedCondition',
        url,
        seller: { '@type': 'Person', name: x1.seller_name },
      },
    });
    // Every photo, as an absolute address.
    expect(product.image.length).toBe(x1.photos.length);
    expect(x1.photos.length).toBeGreaterThan(0);
    for (const image of product.image) expect(image).toMatch(/^https?:\/\/[^/]+\/photos\/[a-f0-9]{32}\/1280\.webp$/);
    // The same address the page names as canonical.
    expect(html).toContain(`<link rel="canonical" href="${url}"/>`);
  });

  it('keeps a description holding </script> inside the block, and reads it back whole', async () => {
    const { html, blocks, url } = await listingPage(hostile.id);
    expect(blocks).toHaveLength(1);
    expect(blocks[0]).not.toMatch(/[<>]/);
    expect(html).not.toContain('<script>alert(1)</script>');
    const product = JSON.parse(blocks[0]!) as Product;
    expect(product.description).toBe(HOSTILE);
    expect(product.name).toBe('Dell Latitude 5410 </script>');
    expect(product.image).toEqual(['https://images.example.com/latitude.jpg']);
    expect(product.offers).toMatchObject({ price: 41_500, priceCurrency: 'BDT', url });
    expect(product.brand).toEqual({ '@type': 'Brand', name: 'Dell' });
  });

  it('says a sold laptop is sold out, and names no brand for a laptop without one', async () => {
    const { blocks } = await listingPage(sold.id);
    const product = JSON.parse(blocks[0]!) as Product;
    expect(product.offers.availability).toBe('https://schema.org/SoldOut');
    expect(product.offers.itemCondition).toBe('https://schema.org/UsedCondition');
    expect(product.offers.price).toBe(18_000);
    expect(product.brand).toBeUndefined();
    expect(product.image[0]).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/images\/laptops\//);
  });
});
