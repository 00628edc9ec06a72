import type { Route } from 'next';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import type { Actor } from '@/lib/auth/actor';
import { getSessionActor } from '@/lib/auth/caller';
import { isAdmin } from '@/lib/auth/guards';
import { sessionToken } from '@/lib/auth/session-cookie';
import { isCodeOwed } from '@/lib/two-factor';

// The guards of pages: where a route handler answers 401 or 403 (lib/auth/guards.ts), a page sends the visitor to
// the page that helps them.

/**
 * The signed-in user of a protected page. proxy.ts already redirects visitors without a session, but a page must not
 * rely on it alone: the proxy does not read the account, and a matcher change would silently expose the page.
 */
export async function requirePageActor(from: string): Promise<Actor> {
  const actor = await getSessionActor();
  if (!actor) redirect(`/login?from=${encodeURIComponent(from)}`);
  return actor;
}

/** An admin-only dashboard page: other signed-in users go back to their profile. */
export async function requirePageAdmin(from: string): Promise<Actor> {
  const actor = await requirePageActor(from);
  // REQUIRE_ADMIN_2FA: enrolment on My Profile first.
  if (actor.twoFactorRequired) redirect('/dashboard?twoFactor=required');
  if (!isAdmin(actor)) redirect('/dashboard');
  return actor;
}

/** The sign-in's code step, remembering where the person was going. */
const codeStepPath = (from: string | undefined): Route =>
  from ? `/two-factor?${new URLSearchParams({ from })}` : '/two-factor';

/** A page for signed-out visitors (login, sign-up) sends a session that still owes its code to the code step. */
export async function redirectIfCodeOwed(from: string | undefined): Promise<void> {
  if (isCodeOwed(await sessionToken({ headers: await headers() }))) {
    redirect(codeStepPath(from));
  }
}
