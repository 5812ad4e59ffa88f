import { t } from '@lingui/core/macro';
import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation, useMatch } from 'react-router';
import { CATEGORY_LIST } from '../../../shared/catalog.ts';
import { Icon, Logo } from '../../components/icon.tsx';
import { SearchBox } from '../../features/search/components/search-box.tsx';
import { categoryLaptops } from '../../i18n/labels.ts';
import { paths } from '../../lib/paths.ts';
import { LanguageSwitch } from './language-switch.tsx';
import { useDismiss } from './use-dismiss.ts';

/** The signed-in user as the navbar needs it. */
export interface NavUser {
  displayName: string;
}

interface NavbarProps {
  user?: NavUser | null;
  /** Whether the session is still loading: neither Log In nor Log Out is true yet. */
  pending?: boolean;
  onLogOut?: () => void;
  /** The signed-in user's Messages link and notification bell, shown at every width (AppShell supplies them). */
  bell?: ReactNode;
}

const navLinkClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'menu-active' : '');

function CategoriesDropdown() {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLLIElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const close = useCallback((viaEscape: boolean) => {
    setOpen(false);
    if (viaEscape) buttonRef.current?.focus();
  }, []);
  useDismiss(rootRef, open, close);
  const onCategoryPage = useMatch(paths.categoryPattern) !== null;

  return (
    <li ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        className={onCategoryPage ? 'menu-active' : ''}
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        {t`Categories`}
        <Icon name="chevron-down" className={`size-3 transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      {open ? (
        <ul
          id={menuId}
          className="menu absolute top-full right-0 z-30 mt-2 w-52 rounded-box border border-base-300 bg-base-100 p-2 shadow-lg"
        >
          {CATEGORY_LIST.map(({ category_name }) => (
            <li key={category_name}>
              <NavLink to={paths.category(category_name)} className={navLinkClass} onClick={() => setOpen(false)}>
                {categoryLaptops(category_name)}
              </NavLink>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

function AccountItems({ user, pending, onLogOut }: NavbarProps) {
  if (pending) {
    // Hold the place of the account links so the menu does not jump when the session arrives.
    return (
      <li aria-hidden="true" className="pointer-events-none">
        <span className="invisible">{t`Log In`}</span>
      </li>
    );
  }
  if (!user) {
    return (
      <li>
        <NavLink to={paths.login} className={navLinkClass}>
          {t`Log In`}
        </NavLink>
      </li>
    );
  }
  return (
    <>
      <li>
        <NavLink to={paths.dashboard} className={navLinkClass}>
          {t`Dashboard`}
        </NavLink>
      </li>
      <li>
        <button type="button" onClick={onLogOut}>
          {t`Log Out`}
        </button>
      </li>
    </>
  );
}

export function Navbar({ user = null, pending = false, onLogOut, bell = null }: NavbarProps) {
  const [mobileOpen, setMobileOpen] = useState(false);
  const mobileRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const location = useLocation();
  const onSearchPage = location.pathname === paths.search;
  const searchWords = onSearchPage ? new URLSearchParams(location.search).get('q') : null;
  const closeMobile = useCallback(() => setMobileOpen(false), []);
  useDismiss(mobileRef, mobileOpen, closeMobile);

  // A link in the mobile panel navigates; the panel should not stay open over the new page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation on purpose
  useEffect(() => setMobileOpen(false), [location.key]);

  return (
    <header className="border-b border-base-300 bg-base-100">
      {/* Positioned: on a phone the bell's panel spans it. */}
      <nav aria-label={t`Main`} className="navbar relative mx-auto max-w-6xl flex-wrap gap-2 px-4">
        <div className="min-w-0 flex-1 xl:flex-none">
          <Link
            to={paths.home}
            className="flex items-center gap-2 rounded-field text-lg font-bold whitespace-nowrap sm:text-xl"
          >
            <Logo className="size-8 shrink-0 sm:size-9" />
            <span>Laptop Haat</span>
          </Link>
        </div>

        {/* Beside the logo from xl up, never narrower than 21rem (its field 160 px or more beside the admin's menu, the Messages link and the bell); narrower screens give it a row of its
            own under the logo and the menu (beside a signed-in user's menu at 1024 px it was ~100 px). */}
        <div className="order-last w-full pb-2 xl:order-none xl:w-auto xl:min-w-84 xl:flex-1 xl:px-4 xl:pb-0">
          <SearchBox label={t`Site search`} defaultValue={onSearchPage ? (searchWords ?? '') : ''} />
        </div>

        <ul className="menu menu-horizontal hidden items-center gap-1 px-0 text-base md:flex">
          <li>
            <NavLink to={paths.home} end className={navLinkClass}>
              {t`Home`}
            </NavLink>
          </li>
          <CategoriesDropdown />
          <li>
            <NavLink to={paths.blog} className={navLinkClass}>
              {t`Blog`}
            </NavLink>
          </li>
          <AccountItems user={user} pending={pending} onLogOut={onLogOut} />
        </ul>

        <LanguageSwitch />
        {bell}

        <div ref={mobileRef} className="relative md:hidden">
          <button
            type="button"
            className="btn btn-ghost btn-square"
            aria-label={mobileOpen ? t`Close menu` : t`Open menu`}
            aria-expanded={mobileOpen}
            // Names the menu only while it is there: a reference to a missing element is invalid ARIA.
            aria-controls={mobileOpen ? panelId : undefined}
            onClick={() => setMobileOpen((o) => !o)}
          >
            {mobileOpen ? <Icon name="times" className="size-5" /> : <Icon name="bars" className="size-5" />}
          </button>
          {mobileOpen ? (
            <ul
              id={panelId}
              className="menu absolute top-full right-0 z-30 mt-2 w-64 rounded-box border border-base-300 bg-base-100 p-2 text-base shadow-lg"
            >
              <li>
                <NavLink to={paths.home} end className={navLinkClass}>
                  {t`Home`}
                </NavLink>
              </li>
              <li>
                <span className="menu-title px-3 pt-2 pb-1 text-base-content/70">{t`Categories`}</span>
                <ul>
                  {CATEGORY_LIST.map(({ category_name }) => (
                    <li key={category_name}>
                      <NavLink to={paths.category(category_name)} className={navLinkClass}>
                        {categoryLaptops(category_name)}
                      </NavLink>
                    </li>
                  ))}
                </ul>
              </li>
              <li>
                <NavLink to={paths.blog} className={navLinkClass}>
                  {t`Blog`}
                </NavLink>
              </li>
              <AccountItems user={user} pending={pending} onLogOut={onLogOut} />
            </ul>
          ) : null}
        </div>
      </nav>
    </header>
  );
}
