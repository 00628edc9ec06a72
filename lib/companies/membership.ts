import type { Actor } from '@/lib/auth/actor';
import { requireSignedIn } from '@/lib/auth/guards';
import type { Database } from '@/lib/db/client';
import { membershipOf, type Membership } from '@/lib/db/company-membership';
import type { CompanyRole } from '@/lib/db/schema';
import { forbidden, notFound } from '@/lib/errors';

export const NO_COMPANY = 'You do not belong to a company';

/** The caller's membership: a 404 for an account on its own (there is no company to show it). */
export async function requireMembership(
  actor: Actor | null,
  db: Database,
): Promise<Membership & { actor: Actor }> {
  const current = requireSignedIn(actor);
  const member = await membershipOf(db, current.userId);
  if (!member) throw notFound(NO_COMPANY);
  return { ...member, actor: current };
}

/** The caller's membership in one of these roles, else a 403 naming what it takes. */
export async function requireCompanyRole(
  actor: Actor | null,
  roles: readonly CompanyRole[],
  db: Database,
): Promise<Membership & { actor: Actor }> {
  const member = await requireMembership(actor, db);
  if (!roles.includes(member.role)) {
    throw forbidden(
      roles.length === 1
        ? `Only the company's ${roles[0]}s can do this`
        : `Only the company's ${roles.slice(0, -1).join(', ')}s and ${roles.at(-1)}s can do this`,
    );
  }
  return member;
}
