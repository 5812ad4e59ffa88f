import { t } from '@lingui/core/macro';
import { Link } from 'react-router';
import type { Role } from '../../../../shared/catalog.ts';
import { paths, sectionIds } from '../../../lib/paths.ts';

// In the page's language: read when the welcome renders.
const WELCOME: Record<Role, { lead: string; next: { label: string; to: string } }> = {
  buyer: {
    get lead() {
      return t`Browse the categories to find a laptop and book it; your bookings and their payment are under My Orders.`;
    },
    next: {
      get label() {
        return t`Browse laptops`;
      },
      to: `${paths.home}#${sectionIds.categories}`,
    },
  },
  seller: {
    get lead() {
      return t`List a laptop you want to sell, advertise it on the home page, and keep track of your listings under My Products.`;
    },
    next: {
      get label() {
        return t`Add a laptop`;
      },
      to: paths.addAProduct,
    },
  },
  admin: {
    get lead() {
      return t`Manage the buyers and sellers of Laptop Haat, and verify sellers so buyers know whom they can trust.`;
    },
    next: {
      get label() {
        return t`Review sellers`;
      },
      to: paths.allSellers,
    },
  },
};

/** The dashboard's index: a short welcome suited to the role and its most likely next step. */
export function DashboardWelcome({ name, role }: { name: string; role: Role }) {
  const { lead, next } = WELCOME[role];
  return (
    <section aria-labelledby="dashboard-welcome" className="flex flex-col gap-6">
      <div>
        <h2 id="dashboard-welcome" className="text-2xl font-bold">
          {t`Welcome,`} <span translate="no">{name}</span>
        </h2>
        <p className="mt-2 max-w-prose text-base-content/75">{lead}</p>
        <Link to={next.to} className="btn btn-primary mt-4">
          {next.label}
        </Link>
      </div>
    </section>
  );
}
