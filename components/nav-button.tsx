import type { Route } from 'next';
import Form from 'next/form';
import type { ReactNode } from 'react';
import { isProtectedPath } from '@/config/routes';

interface NavButtonProps<T extends string> {
  href: Route<T>;
  className: string;
  children: ReactNode;
  /** id of the element that says what the button acts on (a card's title, a row's product) */
  describedBy?: string;
}

/**
 * A button that opens another page: the spec's Order, Pay and Update Profile buttons. A GET form rather than a link
 * dressed as a button, so it is a button to assistive technology and still works before any script has loaded
 * (Next's Form then navigates on the client). A page behind the login gate is never prefetched: prefetched while
 * signed out, its answer is the redirect to /login, which the client router would replay after the sign-in.
 */
export function NavButton<T extends string>({
  href,
  className,
  children,
  describedBy,
}: NavButtonProps<T>) {
  return (
    <Form action={href} prefetch={isProtectedPath(href) ? false : undefined}>
      <button type="submit" className={className} aria-describedby={describedBy}>
        {children}
      </button>
    </Form>
  );
}
