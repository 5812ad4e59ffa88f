import { t } from '@lingui/core/macro';
import { memo } from 'react';
import { Link } from 'react-router';
import { CATEGORY_LIST } from '../../../shared/catalog.ts';
import { Logo } from '../../components/icon.tsx';
import { categoryName } from '../../i18n/labels.ts';
import { formatYear } from '../../lib/format.ts';
import { paths } from '../../lib/paths.ts';

// The footer's links (docs/product.md#layout): the categories go to their pages, and About us to the
// blog, whose welcome page introduces Laptop Haat.
const companyLinks = () =>
  [
    { id: 'blog', label: t`Blog`, to: paths.blog },
    { id: 'dashboard', label: t`Dashboard`, to: paths.dashboard },
    { id: 'advertisement', label: t`advertisement`, to: paths.home },
    { id: 'about', label: t`About us`, to: paths.blog },
  ] as const;

// The icons are symbols of the page's sprite (index.html, `social-…`), drawn with <use>: as icon
// components their drawings were 1.75 KiB of every page's first-load JavaScript (budget:
// docs/performance.md).
const socialLinks: readonly { label: string; href: string; icon: string }[] = [
  { label: 'Twitter', href: 'https://twitter.com/', icon: 'twitter' },
  { label: 'YouTube', href: 'https://www.youtube.com/', icon: 'youtube' },
  { label: 'Facebook', href: 'https://www.facebook.com/', icon: 'facebook' },
  { label: 'LinkedIn', href: 'https://www.linkedin.com/', icon: 'linkedin' },
  { label: 'GitHub', href: 'https://github.com/', icon: 'github' },
];

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
        <nav aria-labelledby="footer-social">
          <h2 id="footer-social" className="footer-title">
            {t`Social`}
          </h2>
          <ul className="flex flex-wrap gap-2">
            {socialLinks.map(({ label, href, icon }) => (
              <li key={label}>
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  title={label}
                  className="inline-flex size-10 items-center justify-center rounded-full text-xl text-neutral-content transition-colors hover:bg-neutral-content/15 focus-visible:outline-2 focus-visible:outline-neutral-content"
                >
                  <svg aria-hidden="true" focusable="false" className="size-5">
                    <use href={`#social-${icon}`} />
                  </svg>
                  <span className="sr-only">{label}</span>
                </a>
              </li>
            ))}
          </ul>
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
