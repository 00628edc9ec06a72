import { redirect } from 'next/navigation';
import { isAdmin, type Actor } from '@/lib/auth/actor';
import { getSessionActor } from '@/lib/auth/get-actor';

/**
 * The signed-in user of a protected page. proxy.ts already redirects signed-out visitors, but a page must not rely
 * on it alone: a matcher change would silently expose the page.
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
