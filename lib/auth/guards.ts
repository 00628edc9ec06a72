import type { Actor } from '@/lib/auth/actor';
import { forbidden, unauthorized } from '@/lib/errors';

// The guards of route handlers and services: identity first (401), then permission (403), both before a body is
// read. Pages have their own, which redirect instead (lib/auth/page-guards.ts).

/**
 * The one admin check: every decision that gives a caller more than a customer asks it (or requireAdmin, which
 * does), never the role alone, so that REQUIRE_ADMIN_2FA holds on every read and write alike
 * (tests/admin-check.test.ts keeps it so).
 */
export const isAdmin = (actor: Actor | null): actor is Actor =>
  actor?.role === 'admin' && !actor.twoFactorRequired;

export const ADMIN_NEEDS_TWO_FACTOR =
  'Turn on two-factor authentication on My Profile to use the admin functions';

/** Identity before anything else: an anonymous caller gets 401 before its body is read, let alone judged. */
export function requireSignedIn(actor: Actor | null): Actor {
  if (!actor) throw unauthorized();
  return actor;
}

/** Then permission: a signed-in caller who is not an admin gets 403 before its body is read. */
export function requireAdmin(actor: Actor | null, message?: string): Actor {
  const current = requireSignedIn(actor);
  if (current.twoFactorRequired) throw forbidden(ADMIN_NEEDS_TWO_FACTOR);
  if (!isAdmin(current)) throw forbidden(message);
  return current;
}
