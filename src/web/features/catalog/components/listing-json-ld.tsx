import type { LaptopDetail } from '../../../../shared/search.ts';
import { paths } from '../../../lib/paths.ts';

// schema.org Product and Offer of a listing (docs/rendering.md#structured-data), in the page the
// server sends, for search engines' product results.

/** Absolute, whether `src` is a path on this site or already a URL. */
const absolute = (origin: string, src: string) => (/^https?:\/\//.test(src) ? src : `${origin}${src}`);

/** The listing as a schema.org Product with its one Offer. */
export function listingProduct(laptop: LaptopDetail, origin: string) {
  const url = `${origin}${paths.laptop(laptop._id, laptop.laptop_name)}`;
  const images = laptop.photos.length > 0 ? laptop.photos.map((p) => p.url) : [laptop.laptop_img];
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: laptop.laptop_name,
    description: laptop.laptopDesc,
    image: images.map((src) => absolute(origin, src)),
    sku: laptop._id,
    productID: laptop._id,
    ...(laptop.brand && laptop.brand !== 'Other' ? { brand: { '@type': 'Brand', name: laptop.brand } } : {}),
    url,
    offers: {
      '@type': 'Offer',
      price: laptop.resale_price,
      priceCurrency: 'BDT',
      availability: laptop.salesStatus === 'sold' ? 'https://schema.org/SoldOut' : 'https://schema.org/InStock',
      itemCondition: 'https://schema.org/UsedCondition',
      url,
      seller: { '@type': 'Person', name: laptop.seller_name, url: `${origin}${paths.seller(laptop.seller_id)}` },
    },
  };
}

/**
 * JSON that can stand inside a <script> element: `<`, `>` and `&` as \u escapes, so a description
 * holding "</script>" or "<!--" cannot end the element; and the two line separators JavaScript once
 * read as line ends.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

export function ListingJsonLd({ laptop, origin }: { laptop: LaptopDetail; origin: string }) {
  return (
    <script
      type="application/ld+json"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON escaped for a script element (scriptJson).
      dangerouslySetInnerHTML={{ __html: scriptJson(listingProduct(laptop, origin)) }}
    />
  );
}
