import Link from 'next/link';
import type { Route } from 'next';
import type { ReactNode } from 'react';

interface PageHeaderProps {
  /** The page's heading (an h2 in the dashboard, whose layout holds the h1). */
  title: ReactNode;
  id?: string;
  level?: 1 | 2;
  /** One line under the heading. */
  description?: ReactNode;
  /** A way back up: "Back to My Orders". */
  back?: { href: Route; label: string };
  /** Quiet actions beside the heading (Export, filters). */
  actions?: ReactNode;
}

/** The top of a screen: a way back, its heading, one line of context and its secondary actions. */
export function PageHeader({ title, id, level = 2, description, back, actions }: PageHeaderProps) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <header className="flex flex-col gap-2">
      {back && (
        <Link href={back.href} className="link link-hover w-fit text-sm text-base-content/75">
          ← {back.label}
        </Link>
      )}
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <Heading id={id} className="text-2xl font-semibold">
            {title}
          </Heading>
          {description && <p className="text-base-content/75">{description}</p>}
        </div>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </div>
    </header>
  );
}
