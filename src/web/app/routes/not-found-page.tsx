import { t } from '@lingui/core/macro';
import { Link } from 'react-router';
import { PageHead } from '../../components/page-head.tsx';
import { formatCount } from '../../lib/format.ts';
import { paths } from '../../lib/paths.ts';

function ErrorNotice({ title, explanation, decoration }: { title: string; explanation: string; decoration?: string }) {
  return (
    <section className="flex flex-col items-center gap-6 py-20 text-center">
      <PageHead title={t`${title} — Laptop Haat`} noIndex />
      {decoration ? (
        <p className="text-7xl font-black text-primary/70" aria-hidden="true">
          {decoration}
        </p>
      ) : null}
      <h1 className="text-3xl font-bold sm:text-4xl">{t`OOps!!! Something went wrong.`}</h1>
      <p className="max-w-md text-base-content/70">{explanation}</p>
      <Link to={paths.home} className="btn btn-primary">
        {t`Home`}
      </Link>
    </section>
  );
}

export function NotFoundPage() {
  return (
    <ErrorNotice
      title={t`Page not found`}
      decoration={formatCount(404)}
      explanation={t`The page you are looking for does not exist or has moved.`}
    />
  );
}

// One error page for everything (docs/product.md#page-not-found): a page that fails shows the same words.
export function RouteErrorPage() {
  return <ErrorNotice title={t`Error`} explanation={t`Please go back to the home page and try again.`} />;
}

// The root layout itself failed: its navbar and footer are gone, so supply the main landmark.
export function RootErrorPage() {
  return (
    <main className="mx-auto max-w-6xl px-4">
      <RouteErrorPage />
    </main>
  );
}
