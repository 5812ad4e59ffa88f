import { t } from '@lingui/core/macro';
import { Form } from 'react-router';
import { paths } from '../../../lib/paths.ts';

/** A magnifier drawn in a few bytes: this box is on every page's first load, and the icon set's own is 2.4 KB. */
function MagnifierIcon({ className }: { className: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2.5}
      aria-hidden="true"
      className={className}
    >
      <circle cx="10.5" cy="10.5" r="6.5" />
      <path d="m15.5 15.5 5 5" strokeLinecap="round" />
    </svg>
  );
}

interface SearchBoxProps {
  /** Names the search landmark, e.g. 'Site search' (navbar) or 'Search laptops' (home hero). */
  label: string;
  /** The words already searched for, on the search page. */
  defaultValue?: string;
  size?: 'md' | 'lg';
  className?: string;
}

/**
 * A search box that goes to `/search?q=…`. A plain GET form (React Router's Form): it works before
 * the page's script has run, and after it without reloading the page.
 */
export function SearchBox({ label, defaultValue = '', size = 'md', className = '' }: SearchBoxProps) {
  const big = size === 'lg';
  return (
    <Form method="get" action={paths.search} role="search" aria-label={label} className={`join w-full ${className}`}>
      <label className={`input join-item w-full min-w-0 ${big ? 'input-lg' : ''}`}>
        <MagnifierIcon className="size-4 shrink-0 text-base-content/50" />
        <span className="sr-only">{label}</span>
        <input
          // Keyed by the words, so going back to another search shows its words.
          key={defaultValue}
          type="search"
          name="q"
          defaultValue={defaultValue}
          placeholder={t`Search laptops, e.g. thinkpad 16gb`}
          maxLength={100}
          enterKeyHint="search"
          className="min-w-0 grow"
        />
      </label>
      <button type="submit" className={`btn btn-primary join-item ${big ? 'btn-lg' : ''}`}>
        {t`Search`}
      </button>
    </Form>
  );
}
