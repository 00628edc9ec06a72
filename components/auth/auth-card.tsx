import type { ReactNode } from 'react';
import { FormError } from '@/components/auth/form-error';

interface AuthCardProps {
  /** The page's only h1. */
  title: string;
  /** What the visitor was about to do when the login stopped them: "Log in to order Claw hammer". */
  intent?: string;
  /** What the card is for: a form, or the shop's answer to it. */
  children?: ReactNode;
  /** Why the whole submission failed: one line in red under the form. */
  error?: string | null;
  /** The links under it: back to log in, create an account… */
  footer?: ReactNode;
  /** Other ways in (a provider, a mailed link), after an "OR". */
  alternatives?: ReactNode;
}

/**
 * The centered card every sign-in screen shares (login, sign-up, the mailed links, the two-factor step): the title,
 * the form, the line that says why it failed, the links under it and, on login and sign-up, the other ways in.
 */
export function AuthCard({ title, intent, children, error, footer, alternatives }: AuthCardProps) {
  return (
    <div className="flex justify-center px-4 py-12">
      <div className="card w-full max-w-md bg-base-100 shadow-xl">
        <div className="card-body gap-4">
          <h1 className="card-title justify-center text-2xl">{title}</h1>
          {intent && <p className="text-center font-medium text-base-content/80">{intent}</p>}
          {children}
          <FormError message={error ?? null} />
          {footer}
          {alternatives && (
            <>
              <div className="divider">OR</div>
              {alternatives}
            </>
          )}
        </div>
      </div>
    </div>
  );
}
