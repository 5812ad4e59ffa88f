import { t } from '@lingui/core/macro';
import type { FormEvent, ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { BRANDS, CATEGORIES, CONDITIONS, LOCATIONS, RAM_SIZES_GB } from '../../../../shared/catalog.ts';
import { CONDITION_MIN_BATTERY } from '../../../../shared/conditions.ts';
import { categoryName, conditionName, locationName } from '../../../i18n/labels.ts';
import { formatCount } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import {
  parseSearchFilters,
  type SearchFilters,
  SORT_LABELS,
  SORTS,
  STORAGE_FILTER_GB,
  searchQueryString,
} from '../api/search-filters.ts';

/**
 * The battery healths offered as a filter (% or more): each condition grade's, and 90. Here with
 * the form rather than with the address's filters, which every page loads first.
 */
const BATTERY_FILTER_PERCENT = [...new Set([...Object.values(CONDITION_MIN_BATTERY), 90])].sort((a, b) => a - b);

/** 512 → '512 GB', 1024 → '1 TB' (as the cards write sizes). */
function sizeLabel(gb: number): string {
  if (gb >= 1024 && gb % 1024 === 0) {
    const tb = formatCount(gb / 1024);
    return t`${tb} TB`;
  }
  const size = formatCount(gb);
  return t`${size} GB`;
}

/** 85 → '85% or more' ('৮৫% বা তার বেশি'). */
function batteryAtLeast(percent: number): string {
  const value = `${formatCount(percent)}%`;
  return t`${value} or more`;
}

/** The offered battery healths, and the address's own value when it is none of them. */
function batteryChoices(current: number | undefined): number[] {
  const choices: number[] = [...BATTERY_FILTER_PERCENT];
  if (current !== undefined && !choices.includes(current)) choices.push(current);
  return choices.sort((a, b) => a - b);
}

/** '/search?…' for these filters. */
export function searchPath(filters: SearchFilters): string {
  const query = searchQueryString(filters);
  return query ? `${paths.search}?${query}` : paths.search;
}

/**
 * Submits a GET form to /search with only the filters that are set: the browser's own submission
 * (before the script runs) also works, with empty fields in the address.
 */
function useCleanSubmit(onSubmitted?: () => void) {
  const navigate = useNavigate();
  return (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const params = new URLSearchParams();
    for (const [key, value] of data) if (typeof value === 'string') params.append(key, value);
    onSubmitted?.();
    navigate(searchPath(parseSearchFilters(params)));
  };
}

function Select({
  name,
  label,
  value,
  children,
}: {
  name: string;
  label: string;
  value: string | number | undefined;
  children: ReactNode;
}) {
  const id = `filter-${name}`;
  return (
    <div className="fieldset py-1">
      <label htmlFor={id} className="fieldset-legend pt-0 pb-1 text-sm">
        {label}
      </label>
      <select id={id} name={name} defaultValue={value === undefined ? '' : String(value)} className="select w-full">
        {children}
      </select>
    </div>
  );
}

interface FiltersFormProps {
  filters: SearchFilters;
  /** Called when the form is sent (the drawer closes then). */
  onSubmitted?: () => void;
}

/**
 * Every filter of the search page in one plain GET form to /search (it works without JavaScript).
 * Remount it (key) when the address changes, so it shows what the address says.
 */
export function SearchFiltersForm({ filters, onSubmitted }: FiltersFormProps) {
  const onSubmit = useCleanSubmit(onSubmitted);
  return (
    <form method="get" action={paths.search} onSubmit={onSubmit} aria-label={t`Filters`} className="grid gap-1">
      <div className="fieldset py-1">
        <label htmlFor="filter-q" className="fieldset-legend pt-0 pb-1 text-sm">
          {t`Words`}
        </label>
        <input
          id="filter-q"
          type="search"
          name="q"
          defaultValue={filters.q ?? ''}
          maxLength={100}
          placeholder={t`e.g. thinkpad 16gb`}
          className="input w-full"
        />
      </div>
      <Select name="category" label={t`Category`} value={filters.category}>
        <option value="">{t`Any category`}</option>
        {CATEGORIES.map((c) => (
          <option key={c} value={c}>
            {categoryName(c)}
          </option>
        ))}
      </Select>
      <fieldset className="fieldset py-1">
        <legend className="fieldset-legend pt-0 pb-1 text-sm">{t`Price (Tk)`}</legend>
        <div className="grid grid-cols-2 gap-2">
          <label className="grid gap-1 text-xs">
            {t`Min price`}
            <input
              type="text"
              name="minPrice"
              inputMode="numeric"
              autoComplete="off"
              placeholder="0"
              defaultValue={filters.minPrice ?? ''}
              className="input w-full"
            />
          </label>
          <label className="grid gap-1 text-xs">
            {t`Max price`}
            <input
              type="text"
              name="maxPrice"
              inputMode="numeric"
              autoComplete="off"
              placeholder={t`Any`}
              defaultValue={filters.maxPrice ?? ''}
              className="input w-full"
            />
          </label>
        </div>
      </fieldset>
      <Select name="location" label={t`Location`} value={filters.location}>
        <option value="">{t`All of Bangladesh`}</option>
        {LOCATIONS.map((l) => (
          <option key={l} value={l}>
            {locationName(l)}
          </option>
        ))}
      </Select>
      <Select name="condition" label={t`Condition`} value={filters.condition}>
        <option value="">{t`Any condition`}</option>
        {CONDITIONS.map((c) => (
          <option key={c} value={c}>
            {conditionName(c)}
          </option>
        ))}
      </Select>
      <Select name="brand" label={t`Brand`} value={filters.brand}>
        <option value="">{t`Any brand`}</option>
        {BRANDS.map((b) => (
          // A brand's name is the same in every language; 'Other' is a word.
          <option key={b} value={b} translate={b === 'Other' ? undefined : 'no'}>
            {b === 'Other' ? t`Other` : b}
          </option>
        ))}
      </Select>
      <Select name="ram" label={t`RAM`} value={filters.ram}>
        <option value="">{t`Any RAM`}</option>
        {RAM_SIZES_GB.map((gb) => (
          <option key={gb} value={gb}>
            {sizeLabel(gb)}
          </option>
        ))}
      </Select>
      <Select name="storage" label={t`Storage`} value={filters.storage}>
        <option value="">{t`Any storage`}</option>
        {STORAGE_FILTER_GB.map((gb) => (
          <option key={gb} value={gb}>
            {sizeLabel(gb)}
          </option>
        ))}
      </Select>
      <Select name="minBattery" label={t`Battery health`} value={filters.minBattery}>
        <option value="">{t`Any battery`}</option>
        {batteryChoices(filters.minBattery).map((percent) => (
          <option key={percent} value={percent}>
            {batteryAtLeast(percent)}
          </option>
        ))}
      </Select>
      <OnlyCheckbox name="verified" checked={filters.verified === true} label={t`Verified sellers only`} />
      <OnlyCheckbox name="negotiable" checked={filters.negotiable === true} label={t`Negotiable price only`} />
      {/* The order is chosen beside the results (SortForm); the filters keep it. */}
      {filters.sort === 'newest' ? null : <input type="hidden" name="sort" value={filters.sort} />}
      <button type="submit" className="btn btn-primary mt-2">
        {t`Show laptops`}
      </button>
    </form>
  );
}

/**
 * The order of the results, beside them: changing it applies at once (with the page's script) and
 * keeps every filter. Without the script its Sort button sends it.
 */
export function SortForm({ filters }: { filters: SearchFilters }) {
  const navigate = useNavigate();
  const { sort, ...rest } = filters;
  return (
    <form method="get" action={paths.search} className="flex items-center gap-2" onSubmit={(e) => e.preventDefault()}>
      {Object.entries(rest).map(([key, value]) => (
        <input key={key} type="hidden" name={key} value={String(value)} />
      ))}
      <label htmlFor="sort" className="text-sm whitespace-nowrap text-base-content/70">
        {t`Sort by`}
      </label>
      <select
        id="sort"
        name="sort"
        defaultValue={sort}
        key={sort}
        className="select select-sm w-auto"
        onChange={(event) => navigate(searchPath({ ...filters, sort: event.target.value as SearchFilters['sort'] }))}
      >
        {SORTS.map((s) => (
          <option key={s} value={s}>
            {SORT_LABELS[s]}
          </option>
        ))}
      </select>
      <button type="submit" className="without-js btn btn-sm" formNoValidate>
        {t`Sort`}
      </button>
    </form>
  );
}

/** A yes-only filter: ticked, the form sends `name=true`; unticked, nothing (any listing). */
function OnlyCheckbox({ name, checked, label }: { name: 'verified' | 'negotiable'; checked: boolean; label: string }) {
  return (
    <label className="label my-2 cursor-pointer gap-3 text-sm text-base-content">
      <input
        type="checkbox"
        name={name}
        value="true"
        defaultChecked={checked}
        className="checkbox checkbox-primary checkbox-sm"
      />
      {label}
    </label>
  );
}
