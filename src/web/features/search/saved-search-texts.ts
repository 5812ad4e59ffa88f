import { plural, t } from '@lingui/core/macro';
import { categoryName, conditionName, locationName } from '../../i18n/labels.ts';
import { formatCount, formatTk } from '../../lib/format.ts';
import type { SearchFilters } from './api/search-filters.ts';

// Every text of saved searches (docs/product.md#saved-searches): the button on /search, its dialog,
// the toasts and /dashboard/savedSearches, in the page's language (docs/i18n.md).
export const SAVED_SEARCH_TEXTS = {
  get save() {
    return t`Save this search`;
  },
  get dialogTitle() {
    return t`Save this search`;
  },
  get dialogIntro() {
    return t`We will tell you when a new laptop matches it, here and in your notifications.`;
  },
  get name() {
    return t`Name`;
  },
  get nameMissing() {
    return t`Give the search a name.`;
  },
  get saveButton() {
    return t`Save search`;
  },
  get saved() {
    return t`Search saved. We will tell you when a new laptop matches it.`;
  },
  get saveFailed() {
    return t`Could not save this search. Please try again.`;
  },
  get heading() {
    return t`Saved searches`;
  },
  get pageTitle() {
    return t`Saved searches — Laptop Haat`;
  },
  get what() {
    return t`your saved searches`;
  },
  get empty() {
    return t`You have no saved searches yet.`;
  },
  get emptyHint() {
    return t`Search for a laptop, then tap “Save this search”: you will hear when a new one matches.`;
  },
  get browse() {
    return t`Find laptops`;
  },
  get rename() {
    return t`Rename`;
  },
  get renameTitle() {
    return t`Rename saved search`;
  },
  get delete() {
    return t`Delete`;
  },
  get deleted() {
    return t`Saved search deleted`;
  },
  get renamed() {
    return t`Saved search renamed`;
  },
  get changeFailed() {
    return t`Could not change your saved search. Please try again.`;
  },
  get allLaptops() {
    return t`All laptops`;
  },
  confirmDelete: (name: string) => t`Delete the saved search “${name}”?`,
  /** "3 new" beside a saved search. */
  newMatches: (n: number) => {
    const count = formatCount(n);
    return plural(n, { one: `${count} new laptop`, other: `${count} new laptops` });
  },
  get noNew() {
    return t`Nothing new since you last looked`;
  },
};

/**
 * A search's filters in words, in the page's language ("Dell · 16 GB RAM · up to Tk 60,000"), its
 * words apart (`q`: the user's own, shown as written).
 */
export function filterWords(filters: SearchFilters): { q?: string; words: string[] } {
  const parts: string[] = [];
  if (filters.brand) parts.push(filters.brand);
  if (filters.category) parts.push(categoryName(filters.category));
  if (filters.condition) parts.push(conditionName(filters.condition));
  if (filters.ram !== undefined) {
    const ram = formatCount(filters.ram);
    parts.push(t`${ram} GB RAM`);
  }
  if (filters.storage !== undefined) {
    const storage = formatCount(filters.storage);
    parts.push(t`${storage} GB storage`);
  }
  const { minPrice, maxPrice } = filters;
  if (minPrice !== undefined && maxPrice !== undefined) {
    const from = formatTk(minPrice);
    const to = formatTk(maxPrice);
    parts.push(t`${from} to ${to}`);
  } else if (maxPrice !== undefined) {
    const to = formatTk(maxPrice);
    parts.push(t`up to ${to}`);
  } else if (minPrice !== undefined) {
    const from = formatTk(minPrice);
    parts.push(t`from ${from}`);
  }
  if (filters.minBattery !== undefined) {
    const battery = formatCount(filters.minBattery);
    parts.push(t`battery ${battery}% or more`);
  }
  if (filters.location) parts.push(locationName(filters.location));
  if (filters.verified) parts.push(t`verified sellers`);
  if (filters.negotiable) parts.push(t`negotiable`);
  return { q: filters.q, words: parts };
}

/** The same as one line ("“thinkpad” · Dell · 16 GB RAM"): a saved search's first name. */
export function describeFilters(filters: SearchFilters): string {
  const { q, words } = filterWords(filters);
  const all = q ? [`“${q}”`, ...words] : words;
  return all.length > 0 ? all.join(' · ') : SAVED_SEARCH_TEXTS.allLaptops;
}
