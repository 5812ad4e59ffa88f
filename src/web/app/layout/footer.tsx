import { t } from '@lingui/core/macro';
import { memo } from 'react';
import { Link } from 'react-router';
import { CATEGORY_LIST } from '../../../shared/catalog.ts';
import { Logo } from '../../components/icon.tsx';
import { categoryName } from '../../i18n/labels.ts';
import { formatYear } from '../../lib/format.ts';
import { paths } from '../../lib/paths.ts';

// The footer's links (docs/product.md#footer-pages): the categories go to their pages; About us,
// How to stay safe and Contact to pages of their own. No social links: the spec's went to the
// networks' home pages, not to any page of Laptop Haat's.
const companyLinks = () =>
  [
    { id: 'about', label: t`About us`, to: paths.about },
    { id: 'blog', label: t`Blog`, to: paths.blog },
    { id: 'dashboard', label: t`Dashboard`, to: paths.dashboard },
  ] as const;

const helpLinks = () =>
  [
    { id: 'stay-safe', label: t`How to stay safe`, to: paths.staySafe },
    { id: 'contact', label: t`Contact`, to: paths.contact },
  ] as const;

const linkClass = 'link link-hover';

/**
 * Memoized: it depends on nothing of the shell's state, so the session's arrival after hydration
 * (which re-renders the shell) leaves it alone. A language change reloads the page (LanguageSwitch).
 */
export const Footer = memo(function Footer() {
  return (
    <footer className="mt-16 bg-neutral text-neutral-content">
      <div className="footer mx-auto max-w-6xl gap-y-10 px-4 py-12 sm:footer-horizontal">
        <aside className="max-w-xs">
          <Link to={paths.home} className="flex items-center gap-2 text-xl font-bold">
            <Logo className="size-9 rounded-field bg-white p-1" />
            Laptop Haat
          </Link>
          <p className="text-neutral-content/80">{t`Used laptops from trusted sellers across Bangladesh.`}</p>
        </aside>
        <nav aria-labelledby="footer-categories">
          <h2 id="footer-categories" className="footer-title">
            {t`Laptop Categories`}
          </h2>
          {CATEGORY_LIST.map(({ category_name }) => (
            <Link key={category_name} to={paths.category(category_name)} className={linkClass}>
              {t`${categoryName(category_name)} Laptop`}
            </Link>
          ))}
        </nav>
        <nav aria-labelledby="footer-company">
          <h2 id="footer-company" className="footer-title">
            {t`Company`}
          </h2>
          {companyLinks().map(({ id, label, to }) => (
            <Link key={id} to={to} className={linkClass}>
              {label}
            </Link>
          ))}
        </nav>
        <nav aria-labelledby="footer-help">
          <h2 id="footer-help" className="footer-title">
            {t`Help`}
          </h2>
          {helpLinks().map(({ id, label, to }) => (
            <Link key={id} to={to} className={linkClass}>
              {label}
            </Link>
          ))}
        </nav>
      </div>
      <div className="border-t border-neutral-content/15">
        <p className="mx-auto max-w-6xl px-4 py-5 text-center text-sm text-neutral-content/80">
          {t`© ${formatYear(new Date().getFullYear())} Laptop Haat. All rights reserved.`}
        </p>
      </div>
    </footer>
  );
});
