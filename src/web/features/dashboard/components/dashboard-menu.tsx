import { t } from '@lingui/core/macro';
import { NavLink } from 'react-router';
import type { Role } from '../../../../shared/catalog.ts';
import { paths } from '../../../lib/paths.ts';

export interface MenuItem {
  label: string;
  to: string;
}

// Word for word: the dashboard menu by role (docs/product.md#dashboard), in the page's language.
/** Every role talks with buyers or sellers (docs/product.md#conversations). */
const MESSAGES: MenuItem = {
  get label() {
    return t`Messages`;
  },
  to: paths.messages,
};

/** Every role has an account: name, photo, phone, password, language (docs/product.md#account-settings). */
const ACCOUNT: MenuItem = {
  get label() {
    return t`Account settings`;
  },
  to: paths.account,
};

/** Anyone signed in may save a search and hear of new matches (docs/product.md#saved-searches). */
const SAVED_SEARCHES: MenuItem = {
  get label() {
    return t`Saved searches`;
  },
  to: paths.savedSearches,
};

const MENUS: Record<Role, readonly MenuItem[]> = {
  buyer: [
    {
      get label() {
        return t`My Orders`;
      },
      to: paths.myOrders,
    },
    {
      get label() {
        return t`My Wishlist`;
      },
      to: paths.myWishlist,
    },
    SAVED_SEARCHES,
    MESSAGES,
    ACCOUNT,
  ],
  seller: [
    {
      get label() {
        return t`Add A Product`;
      },
      to: paths.addAProduct,
    },
    {
      get label() {
        return t`My Products`;
      },
      to: paths.myProducts,
    },
    {
      get label() {
        return t`My Buyers`;
      },
      to: paths.myBuyers,
    },
    SAVED_SEARCHES,
    MESSAGES,
    ACCOUNT,
  ],
  admin: [
    {
      get label() {
        return t`All Buyers`;
      },
      to: paths.allBuyers,
    },
    {
      get label() {
        return t`All Sellers`;
      },
      to: paths.allSellers,
    },
    {
      get label() {
        return t`Reports`;
      },
      to: paths.reports,
    },
    {
      get label() {
        return t`Moderation`;
      },
      to: paths.moderation,
    },
    SAVED_SEARCHES,
    MESSAGES,
    ACCOUNT,
  ],
};

export function dashboardMenu(role: Role): readonly MenuItem[] {
  return MENUS[role];
}

export function DashboardMenu({ role, onNavigate }: { role: Role; onNavigate?: () => void }) {
  return (
    <ul className="menu w-full gap-1 p-0 text-base">
      {dashboardMenu(role).map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} onClick={onNavigate} className={({ isActive }) => (isActive ? 'menu-active' : '')}>
            {item.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
