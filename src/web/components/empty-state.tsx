import { Link } from 'react-router';

interface EmptyStateProps {
  /** What is not there yet ("Your wishlist is empty."). */
  title: string;
  /** How it fills up. */
  hint: string;
  /** Where to go next, and the link's words. */
  to: string;
  action: string;
  /** The link as a quieter, outlined button (it is not the page's main way on). */
  outline?: boolean;
}

/** A list with nothing in it yet: what is missing, how it fills up, and a link to where that happens. */
export function EmptyState({ title, hint, to, action, outline = false }: EmptyStateProps) {
  return (
    <div className="flex flex-col items-center gap-4 rounded-box border border-dashed border-base-300 px-4 py-12 text-center">
      <p className="text-lg font-medium">{title}</p>
      <p className="max-w-md text-base-content/70">{hint}</p>
      <Link to={to} className={outline ? 'btn btn-outline btn-primary' : 'btn btn-primary'}>
        {action}
      </Link>
    </div>
  );
}
