import { formatTk } from '../../../lib/format.ts';
import { formatStorage, type Specs } from './laptop-specs.ts';

// The listing page's half of laptop-specs.ts (the cards' half is in every first load).

/** Every spec the seller gave, as label and value, for a definition list. */
export function specRows(laptop: Specs): [label: string, value: string][] {
  const rows: [string, string | null][] = [
    ['Brand', laptop.brand],
    ['Processor', laptop.processor],
    ['RAM', laptop.ram_gb === null ? null : `${laptop.ram_gb} GB`],
    ['Storage', formatStorage(laptop)],
    ['Screen size', laptop.screen_inches === null ? null : `${laptop.screen_inches.toFixed(1)} inches`],
    ['Graphics', laptop.gpu],
    ['Battery health', laptop.battery_health === null ? null : `${laptop.battery_health}%`],
  ];
  return rows.filter((row): row is [string, string] => row[1] !== null && row[1] !== '');
}

/** 'You save Tk 30,000 (42%)' against the original price; null when it is no saving. */
export function savingText(resalePrice: number, originalPrice: number): string | null {
  const saving = originalPrice - resalePrice;
  if (saving <= 0 || originalPrice <= 0) return null;
  return `You save ${formatTk(saving)} (${Math.round((saving / originalPrice) * 100)}%)`;
}
