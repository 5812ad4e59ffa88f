import { NavLink } from 'react-router';
import type { Role } from '../../../../shared/catalog.ts';
import { paths } from '../../../lib/paths.ts';

export interface MenuItem {
  label: string;
  to: string;
}

// Word for word: the dashboard menu by role (docs/product.md#dashboard).
const MENUS: Record<Role, readonly MenuItem[]> = {
  buyer: [
    { label: 'My Orders', to: paths.myOrders },
    { label: 'My Wishlist', to: paths.myWishlist },
  ],
  seller: [
    { label: 'Add A Product', to: paths.addAProduct },
    { label: 'My Products', to: paths.myProducts },
    { label: 'My Buyers', to: paths.myBuyers },
  ],
  admin: [
    { label: 'All Buyers', to: paths.allBuyers },
    { label: 'All Sellers', to: paths.allSellers },
    { label: 'Reports', to: paths.reports },
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
