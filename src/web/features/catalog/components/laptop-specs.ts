import { t } from '@lingui/core/macro';
import type { StorageType } from '../../../../shared/catalog.ts';
import type { PublicLaptop } from '../../../../shared/laptops.ts';
import { formatCount } from '../../../lib/format.ts';

// How a laptop's optional specs read (docs/product.md#specs): a spec the seller left out is not shown.

export const STORAGE_TYPE_LABELS: Record<StorageType, string> = { ssd: 'SSD', hdd: 'HDD', emmc: 'eMMC' };

export type Specs = Pick<
  PublicLaptop,
  'brand' | 'processor' | 'ram_gb' | 'storage_gb' | 'storage_type' | 'screen_inches' | 'gpu' | 'battery_health'
>;

/** 512 → '512 GB', 1024 → '1 TB', 1536 → '1,536 GB'. */
export function formatGb(gb: number): string {
  if (gb >= 1024 && gb % 1024 === 0) {
    const tb = formatCount(gb / 1024);
    return t`${tb} TB`;
  }
  const size = formatCount(gb);
  return t`${size} GB`;
}

/** '512 GB SSD', or '512 GB' without a type; null without a size. */
export function formatStorage({ storage_gb, storage_type }: Pick<Specs, 'storage_gb' | 'storage_type'>): string | null {
  if (storage_gb === null) return null;
  return storage_type ? `${formatGb(storage_gb)} ${STORAGE_TYPE_LABELS[storage_type]}` : formatGb(storage_gb);
}

/** A card's one line: 'Lenovo · 16 GB RAM · 512 GB SSD' (what is known of the three). */
export function specSummary(laptop: Specs): string {
  const ram = laptop.ram_gb === null ? null : formatCount(laptop.ram_gb);
  return [laptop.brand, ram === null ? null : t`${ram} GB RAM`, formatStorage(laptop)]
    .filter((part): part is string => Boolean(part))
    .join(' · ');
}
