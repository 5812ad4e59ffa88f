import type { ReactNode } from 'react';
import { Link, useLocation, useParams, useRevalidator, useRouteError } from 'react-router';
import { CATEGORY_LIST } from '../../../shared/catalog.ts';
import { CategoryLaptops } from '../../features/catalog/components/category-laptops.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { capitalize } from '../../lib/format.ts';
import { paths } from '../../lib/paths.ts';

export function CategoryPage() {
  const { name = '' } = useParams();
  return <CategoryLaptops name={name} />;
}

function Notice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col items-center gap-5 py-20 text-center">
      <title>{`${title} — Laptop Haat`}</title>
      <h1 className="text-3xl font-bold sm:text-4xl">{title}</h1>
      {children}
    </section>
  );
}

export function CategoryErrorBoundary() {
  const error = useRouteError();
  const { name = '' } = useParams();
  const location = useLocation();
  const revalidator = useRevalidator();

  // The API shows laptops (with the sellers' contacts) to signed-in users only. Until the
  // login guard arrives, say so and offer the way in, remembering where the visitor was going.
  if (isApiError(error, 401)) {
    return (
      <Notice title="Log in to see the laptops">
        <p className="max-w-md text-base-content/70">
          Only members can browse the laptops for sale and contact their sellers. It takes a minute to join.
        </p>
        <Link to={paths.login} state={{ from: location.pathname }} className="btn btn-primary">
          Log In
        </Link>
      </Notice>
    );
  }

  if (isApiError(error, 404)) {
    return (
      <Notice title="Category not found">
        <p className="max-w-md text-base-content/70">
          We have no laptop category called “{name}”. Try one of these instead:
        </p>
        <ul className="flex flex-wrap justify-center gap-2">
          {CATEGORY_LIST.map(({ category_name }) => (
            <li key={category_name}>
              <Link to={paths.category(category_name)} className="btn btn-outline btn-sm">
                {capitalize(category_name)} Laptops
              </Link>
            </li>
          ))}
        </ul>
        <Link to={paths.home} className="btn btn-primary">
          Home
        </Link>
      </Notice>
    );
  }

  return (
    <Notice title="Could not load the laptops">
      <p className="max-w-md text-base-content/70">Something went wrong on our side or with the connection.</p>
      <div className="flex gap-3">
        <button
          type="button"
          className="btn btn-primary"
          disabled={revalidator.state === 'loading'}
          onClick={() => void revalidator.revalidate()}
        >
          Try again
        </button>
        <Link to={paths.home} className="btn btn-outline">
          Home
        </Link>
      </div>
    </Notice>
  );
}
