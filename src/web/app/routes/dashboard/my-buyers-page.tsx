import { TEXTS } from '../../../../shared/messages.ts';
import { PageHead } from '../../../components/page-head.tsx';

// Seller only, and a placeholder for now (docs/product.md#my-buyers).
export function MyBuyersPage() {
  return (
    <section className="min-w-0">
      <PageHead title="My Buyers — Laptop Haat" noIndex />
      <h2 className="mb-6 text-2xl font-bold tracking-tight sm:text-3xl">My Buyers</h2>
      <div className="rounded-box border border-dashed border-base-300 px-4 py-12 text-center">
        <p className="text-lg font-medium">{TEXTS.comingSoon}</p>
        <p className="mt-2 text-base-content/70">Soon you will see here who booked your laptops.</p>
      </div>
    </section>
  );
}
