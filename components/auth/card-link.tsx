import type { Route } from 'next';
import Link from 'next/link';

/** The one centered link under an auth card's content (back to log in, ask for a new link…). */
export function CardLink({ href, children }: { href: Route; children: React.ReactNode }) {
  return (
    <p className="text-center text-sm">
      <Link href={href} className="link link-primary">
        {children}
      </Link>
    </p>
  );
}
