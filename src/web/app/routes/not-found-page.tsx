import { Link } from 'react-router';
import { TEXTS } from '../../../shared/messages.ts';
import { PageHead } from '../../components/page-head.tsx';
import { paths } from '../../lib/paths.ts';

function ErrorNotice({ title, explanation, decoration }: { title: string; explanation: string; decoration?: string }) {
  return (
    <section className="flex flex-col items-center gap-6 py-20 text-center">
      <PageHead title={`${title} — Laptop Haat`} noIndex />
      {decoration ? (
        <p className="text-7xl font-black text-primary/25" aria-hidden="true">
          {decoration}
        </p>
      ) : null}
      <h1 className="text-3xl font-bold sm:text-4xl">{TEXTS.notFound}</h1>
      <p className="max-w-md text-base-content/70">{explanation}</p>
      <Link to={paths.home} className="btn btn-primary">
        Home
      </Link>
    </section>
  );
}

export function NotFoundPage() {
  return (
    <ErrorNotice
      title="Page not found"
      decoration="404"
      explanation="The page you are looking for does not exist or has moved."
    />
  );
}

// One error page for everything (docs/product.md#page-not-found): a page that fails shows the same words.
export function RouteErrorPage() {
  return <ErrorNotice title="Error" explanation="Please go back to the home page and try again." />;
}

// The root layout itself failed: its navbar and footer are gone, so supply the main landmark.
export function RootErrorPage() {
  return (
    <main className="mx-auto max-w-6xl px-4">
      <RouteErrorPage />
    </main>
  );
}
