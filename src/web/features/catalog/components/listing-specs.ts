import { t } from '@lingui/core/macro';
import { formatCount, formatTk } from '../../../lib/format.ts';
import { formatGb, formatStorage, type Specs } from './laptop-specs.ts';

// The listing page's half of laptop-specs.ts (the cards' half is in every first load).

/** 15.6 → '15.6 inches' ('১৫.৬ ইঞ্চি'): one decimal, in the page's digits. */
function formatInches(inches: number): string {
  const [whole = '0', tenth = '0'] = inches.toFixed(1).split('.');
  const size = `${formatCount(Number(whole))}.${formatCount(Number(tenth))}`;
  return t`${size} inches`;
}

type SpecRow = [label: string, value: string, sellersWords: boolean];

/**
 * Every spec the seller gave, as label and value, for a definition list; `sellersWords` marks a
 * value written as the seller typed it (a processor's or graphics card's name), never translated.
 */
export function specRows(laptop: Specs): SpecRow[] {
  const rows: [string, string | null, boolean][] = [
    [t`Brand`, laptop.brand, true],
    [t`Processor`, laptop.processor, true],
    [t`RAM`, laptop.ram_gb === null ? null : formatGb(laptop.ram_gb), false],
    [t`Storage`, formatStorage(laptop), false],
    [t`Screen size`, laptop.screen_inches === null ? null : formatInches(laptop.screen_inches), false],
    [t`Graphics`, laptop.gpu, true],
    [t`Battery health`, laptop.battery_health === null ? null : `${formatCount(laptop.battery_health)}%`, false],
  ];
  return rows.filter((row): row is SpecRow => row[1] !== null && row[1] !== '');
}

/** 'You save Tk 30,000 (42%)' against the original price; null when it is no saving. */
export function savingText(resalePrice: number, originalPrice: number): string | null {
  const saving = originalPrice - resalePrice;
  if (saving <= 0 || originalPrice <= 0) return null;
  const amount = formatTk(saving);
  const percent = formatCount(Math.round((saving / originalPrice) * 100));
  return t`You save ${amount} (${percent}%)`;
}
