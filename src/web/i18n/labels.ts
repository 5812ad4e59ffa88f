import { t } from '@lingui/core/macro';
import type { ReactNode } from 'react';
import type { Category, Condition, Location } from '../../shared/catalog.ts';
import { formatCount } from '../lib/format.ts';
import { userContentIn } from './user-content.tsx';

// The marketplace's fixed words (docs/product.md#vocabularies) as people read them, in the page's
// language: the API and the addresses keep the English values ('gaming', 'dhaka').

/** 'gaming' → 'Gaming' (English) or 'গেমিং' (Bangla). */
export function categoryName(category: Category): string {
  switch (category) {
    case 'casual':
      return t`Casual`;
    case 'gaming':
      return t`Gaming`;
    case 'premium':
      return t`Premium`;
  }
}

/** 'gaming' → 'Gaming Laptops': the category's page in menus and headings. */
export function categoryLaptops(category: Category): string {
  switch (category) {
    case 'casual':
      return t`Casual Laptops`;
    case 'gaming':
      return t`Gaming Laptops`;
    case 'premium':
      return t`Premium Laptops`;
  }
}

/** 'gaming' → 'Browse gaming laptops →': the call to action on the home page's category cards. */
export function browseCategory(category: Category): string {
  switch (category) {
    case 'casual':
      return t`Browse casual laptops →`;
    case 'gaming':
      return t`Browse gaming laptops →`;
    case 'premium':
      return t`Browse premium laptops →`;
  }
}

/** The category's description (docs/product.md#vocabularies). */
export function categoryDescription(category: Category): string {
  switch (category) {
    case 'casual':
      return t`Everyday laptops for study, office work, browsing and streaming: light, reliable and easy on the budget.`;
    case 'gaming':
      return t`Powerful laptops with dedicated graphics and fast displays for gaming, streaming and creative work.`;
    case 'premium':
      return t`Thin, beautifully built flagships with top displays and long battery life for professionals on the move.`;
  }
}

/** 'good' → 'Good'. */
export function conditionName(condition: Condition): string {
  switch (condition) {
    case 'excellent':
      return t`Excellent`;
    case 'good':
      return t`Good`;
    case 'fair':
      return t`Fair`;
  }
}

/** 'good' → 'Good condition' (the badge on cards and listing pages). */
export function conditionBadge(condition: Condition): string {
  switch (condition) {
    case 'excellent':
      return t`Excellent condition`;
    case 'good':
      return t`Good condition`;
    case 'fair':
      return t`Fair condition`;
  }
}

/** 'dhaka' → 'Dhaka' / 'ঢাকা': the eight divisions of Bangladesh. */
export function locationName(location: Location): string {
  switch (location) {
    case 'chattogram':
      return t`Chattogram`;
    case 'dhaka':
      return t`Dhaka`;
    case 'barishal':
      return t`Barishal`;
    case 'khulna':
      return t`Khulna`;
    case 'sylhet':
      return t`Sylhet`;
    case 'rangpur':
      return t`Rangpur`;
    case 'rajshahi':
      return t`Rajshahi`;
    case 'mymensingh':
      return t`Mymensingh`;
  }
}

/**
 * 1 → '1 year', 3 → '3 years' ('৩ বছর'). Chosen here rather than with an ICU plural: the card is
 * on the first load, and a plural rule is an Intl object whose locale data costs the first load what
 * format.ts avoids; Bangla has one form for both.
 */
export function yearsOfUse(years: number): string {
  const count = formatCount(years);
  return years === 1 ? t`${count} year` : t`${count} years`;
}

/** 7 → '7 months', 12 → '1 year', 18 → '1 year 6 months', 0 → 'Under a month' (plural chosen as yearsOfUse does). */
export function timeOfUse(months: number): string {
  if (months < 1) return t`Under a month`;
  const rest = months % 12;
  const count = formatCount(rest);
  const monthsText = rest === 1 ? t`${count} month` : t`${count} months`;
  if (months < 12) return monthsText;
  const years = yearsOfUse(Math.floor(months / 12));
  return rest === 0 ? years : t`${years} ${monthsText}`;
}

/**
 * Where a laptop is: 'Mirpur 10, Dhaka', or the division alone. The area is the seller's words, kept
 * as written and marked so (`translate="no"`: docs/i18n.md).
 */
export function placeName(location: Location, sellersArea: string | null): ReactNode {
  const division = locationName(location);
  return sellersArea ? userContentIn((area: string) => t`${area}, ${division}`, sellersArea) : division;
}
