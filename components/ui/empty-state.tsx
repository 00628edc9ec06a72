import Link from 'next/link';
import type { Route } from 'next';

interface EmptyStateProps {
  /** What is missing, as a sentence: "You have no orders yet." */
  message: string;
  /** Where to go instead. */
  action?: { href: Route; label: string };
}

/** A list with nothing in it: says so, and offers the next step. */
export function EmptyState({ message, action }: EmptyStateProps) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-box border border-dashed border-base-300 px-4 py-10 text-center">
      <p className="text-base-content/80">{message}</p>
      {action && (
        <Link href={action.href} className="btn btn-primary">
          {action.label}
        </Link>
      )}
    </div>
  );
}
