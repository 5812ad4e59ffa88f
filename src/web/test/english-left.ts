import { BRANDS } from '../../shared/catalog.ts';

// "No English left" (docs/i18n.md#tests): the Latin-script words a person would read on a page
// rendered in Bangla — its text and the labels a screen reader or a form shows (aria-label,
// placeholder, title, alt) — outside brand names and content users wrote. Content users wrote (a
// laptop's name, a seller's name, an email) is marked `translate="no"`, which also tells browser
// translators to leave it alone, and is skipped with everything inside it.

/** Names that are the same in both languages: brands, and the storage types' acronyms. */
export const BRAND_WORDS = new Set([
  ...BRANDS.flatMap((brand) => brand.split(' ')),
  'LinkedIn',
  'GitHub',
  'SSD',
  'HDD',
  'eMMC',
  'Laptop',
  'Haat',
  'Google',
  'bKash',
  'Nagad',
  'Facebook',
  'Twitter',
  'Instagram',
  'YouTube',
  'English',
  'Tk',
]);

const ATTRIBUTES = ['aria-label', 'placeholder', 'title', 'alt'];
const WORD = /[A-Za-z]{2,}/g;

export function englishLeft(root: Element, allowed: readonly string[] = []): string[] {
  const allow = new Set([...BRAND_WORDS, ...allowed]);
  const found: string[] = [];
  const keep = (text: string | null, where: string) => {
    for (const word of text?.match(WORD) ?? []) if (!allow.has(word)) found.push(`${word} (${where})`);
  };
  const visit = (element: Element) => {
    if (element.closest('[translate="no"], script, style, svg, [hidden], [aria-hidden="true"]')) return;
    for (const name of ATTRIBUTES) keep(element.getAttribute(name), `${element.tagName.toLowerCase()}[${name}]`);
    for (const node of element.childNodes) {
      if (node.nodeType === 3) keep(node.textContent, element.tagName.toLowerCase());
      else if (node.nodeType === 1) visit(node as Element);
    }
  };
  visit(root);
  return found;
}
