interface LoadErrorProps {
  /** What could not be loaded, e.g. 'our services'. */
  what: string;
}

// Spec §8 allows no error toasts, but an empty gap where content should be reads as a bug.
export function LoadError({ what }: LoadErrorProps) {
  return (
    <p className="py-8 text-center text-base-content/70">Could not load {what} right now. Please try again later.</p>
  );
}
