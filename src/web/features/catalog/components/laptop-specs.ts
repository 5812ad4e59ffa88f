import type { StorageType } from '../../../../shared/catalog.ts';
import type { PublicLaptop } from '../../../../shared/laptops.ts';
import { formatCount, formatTk } from '../../../lib/format.ts';

// How a laptop's optional specs read (docs/product.md#specs): a spec the seller left out is not shown.

export const STORAGE_TYPE_LABELS: Record<StorageType, string> = { ssd: 'SSD', hdd: 'HDD', emmc: 'eMMC' };

type Specs = Pick<
  PublicLaptop,
  'brand' | 'processor' | 'ram_gb' | 'storage_gb' | 'storage_type' | 'screen_inches' | 'gpu' | 'battery_health'
>;

/** 512 → '512 GB', 1024 → '1 TB', 1536 → '1,536 GB'. */
export function formatGb(gb: number): string {
  if (gb >= 1024 && gb % 1024 === 0) return `${gb / 1024} TB`;
  return `${formatCount(gb)} GB`;
}

/** '512 GB SSD', or '512 GB' without a type; null without a size. */
export function formatStorage({ storage_gb, storage_type }: Pick<Specs, 'storage_gb' | 'storage_type'>): string | null {
  if (storage_gb === null) return null;
  return storage_type ? `${formatGb(storage_gb)} ${STORAGE_TYPE_LABELS[storage_type]}` : formatGb(storage_gb);
}

/** A card's one line: 'Lenovo · 16 GB RAM · 512 GB SSD' (what is known of the three). */
export function specSummary(laptop: Specs): string {
  return [laptop.brand, laptop.ram_gb === null ? null : `${laptop.ram_gb} GB RAM`, formatStorage(laptop)]
    .filter((part): part is string => Boolean(part))
    .join(' · ');
}

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
