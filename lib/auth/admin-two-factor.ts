import type { Actor } from '@/lib/auth/actor';
import { forbidden } from '@/lib/errors';
import { getEnv } from '@/lib/env';
import { isTwoFactorOn } from '@/lib/two-factor/status';

export const ADMIN_NEEDS_TWO_FACTOR =
  'Turn on two-factor authentication on My Profile to use the admin functions';

/**
 * REQUIRE_ADMIN_2FA=true: an admin without two-factor is an admin in name only until they enrol. Marked here, where
 * every caller is resolved, so that isAdmin() and so every service refuses them, and the admin guards say why.
 */
export async function applyAdminTwoFactorRule(actor: Actor | null): Promise<Actor | null> {
  if (actor?.role !== 'admin' || !getEnv().REQUIRE_ADMIN_2FA) return actor;
  if (await isTwoFactorOn(actor.userId)) return actor;
  return { ...actor, twoFactorRequired: true };
}

/** The 403 of an admin-only call; an admin who still has to enrol is told so. */
export const notAdmin = (actor: Actor | null) =>
  forbidden(actor?.twoFactorRequired ? ADMIN_NEEDS_TWO_FACTOR : undefined);
