import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIRST_CATALOG_MODULES, PAGE_CATALOG_MODULES } from './catalog-modules.ts';

// A page preloads the catalogs catalog-modules.ts names; if i18n.ts loaded another file, the page
// would preload one the browser never asks for and the catalog would come a round trip late.

const here = 'src/web/i18n';
/** The files that `locale`'s entry of i18n.ts's record `name` imports, from the repository's root. */
function imported(name: string, locale: string): string[] {
  const source = readFileSync(resolve(here, 'i18n.ts'), 'utf8');
  const record = source.slice(source.indexOf(`const ${name}`));
  const body = record.slice(0, record.indexOf('\n};'));
  const entry = body.slice(body.indexOf(`\n  ${locale}: `) + 1);
  const next = entry.slice(1).search(/\n {2}\w+: /);
  return [...(next < 0 ? entry : entry.slice(0, next + 1)).matchAll(/import\('([^']+)'\)/g)].map((m) =>
    relative('.', resolve(here, m[1]!)),
  );
}

describe('the catalogs a page preloads', () => {
  it.each(['en', 'bn'] as const)('are the files i18n.ts loads lazily in %s', (locale) => {
    expect(imported('firstMessages', locale)).toEqual(FIRST_CATALOG_MODULES[locale]);
    expect(imported('pageMessages', locale)).toEqual(PAGE_CATALOG_MODULES[locale]);
  });
});
