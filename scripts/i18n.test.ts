import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The catalogs (docs/i18n.md#catalogs): current with the code, every message translated into
// Bangla, one translation per English text across catalogs (they are merged at run time), and
// every placeholder of the English kept in the Bangla.

/** msgid → msgstr of one .po file (single-line entries, as Lingui writes them). */
function entries(file: string): Map<string, string> {
  const text = readFileSync(file, 'utf8');
  const map = new Map<string, string>();
  for (const match of text.matchAll(/^msgid (".*")\nmsgstr (".*")$/gm)) {
    const id = JSON.parse(match[1]!) as string;
    if (id) map.set(id, JSON.parse(match[2]!) as string);
  }
  return map;
}

// The Bangla catalogs: the first load and pages ones in src/web/locales/bn/, one per feature in its locales/.
const files = () =>
  readdirSync('src/web', { recursive: true, encoding: 'utf8' })
    .filter((f) => /(^|\/)locales\/(bn\/[\w-]+|bn)\.po$/.test(f))
    .map((f) => join('src/web', f));
const placeholders = (message: string) => [...message.matchAll(/\{(\w+)[,}]/g)].map((m) => m[1]).sort();

describe('the message catalogs', () => {
  it('are current: extracting and compiling again changes nothing', () => {
    execFileSync('node', ['scripts/i18n.mjs'], { stdio: 'pipe' });
    const changed = execFileSync(
      'git',
      ['status', '--porcelain', '--', 'src/web/locales', 'src/web/features', 'src/web/i18n'],
      { encoding: 'utf8' },
    )
      .split('\n')
      .filter((line) => /locales\/|i18n\/pages-/.test(line));
    expect(changed, 'run `npm run i18n` and commit the catalogs').toEqual([]);
  }, 120_000);

  it('translate every message into Bangla, once per English text, keeping its placeholders', () => {
    const seen = new Map<string, { translation: string; file: string }>();
    const problems: string[] = [];
    expect(files().length).toBeGreaterThan(3);
    for (const file of files()) {
      for (const [id, translation] of entries(file)) {
        if (!translation) problems.push(`${file}: "${id}" has no Bangla`);
        else if (JSON.stringify(placeholders(id)) !== JSON.stringify(placeholders(translation)))
          problems.push(`${file}: "${id}" → "${translation}" changes the placeholders`);
        const before = seen.get(id);
        if (before && before.translation !== translation)
          problems.push(`"${id}" is "${before.translation}" in ${before.file} but "${translation}" in ${file}`);
        seen.set(id, { translation, file });
      }
    }
    expect(problems).toEqual([]);
  });
});
