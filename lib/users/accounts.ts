import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { recordAudit } from '@/lib/audit/record';
import { requireAdmin, requireSignedIn } from '@/lib/auth/guards';
import type { Actor } from '@/lib/auth/actor';
import { hashPassword, verifyPassword } from '@/lib/auth/passwords';
import { issueAccessToken } from '@/lib/auth/tokens';
import { getDb } from '@/lib/db/client';
import { findUserByEmail } from '@/lib/db/users';
import { creditTerms, users } from '@/lib/db/schema';
import { conflict, forbidden, notFound } from '@/lib/errors';
import { toDollars } from '@/lib/money';
import { mailOrigin, mailAvailable } from '@/lib/mail/config';
import { queueVerificationMail } from '@/lib/mail/verification-mail';
import { cancelOrdersOfRemovedAccount, unpaidOrdersOf } from '@/lib/orders/cancellation';
import type { UserDto } from '@/lib/types';
import type { SignupInput } from '@/lib/validation/auth';
import { idSchema } from '@/lib/validation/fields';
import type { ProfileInput } from '@/lib/validation/users';
import { toUserDto } from '@/lib/db/rest-shapes';

export const EMAIL_TAKEN = 'This email is already registered';

/** The account is its owner's; an admin may read it too. */
function requireSelfOrAdmin(actor: Actor | null, email: string): Actor {
  const current = requireSignedIn(actor);
  if (current.email !== email.toLowerCase()) requireAdmin(current);
  return current;
}

/**
 * A new account: role is never taken from the input, every new account is a customer. Where mail works, the
 * verification link is queued with the account, in the same transaction. A taken address is refused before the
 * password is hashed: a hash costs tens of milliseconds of a core, and the 409 says no more than the contract does.
 */
export async function createUser(
  input: SignupInput,
  origin: string = mailOrigin(),
): Promise<string> {
  if (await findUserByEmail(input.email)) throw conflict(EMAIL_TAKEN);
  const passwordHash = await hashPassword(input.password);
  return getDb().transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({ name: input.name, email: input.email, passwordHash })
      .onConflictDoNothing({ target: users.email })
      .returning();
    if (!created) throw conflict(EMAIL_TAKEN);
    if (mailAvailable()) await queueVerificationMail(tx, created, origin);
    return created.id;
  });
}

export async function getUser(actor: Actor | null, email: string): Promise<UserDto> {
  requireSelfOrAdmin(actor, email);
  const user = await findUserByEmail(email);
  if (!user) throw notFound('No such user');
  return toUserDto(user);
}

/**
 * PUT /user/{email}: the signed-in owner gets a bearer token (a fresh one only for a session, that is a sign-in),
 * optionally updating the profile. A name is taken only while the account has none (sign-up sets the display name;
 * docs/PRODUCT.md, The REST contract): afterwards it is what orders and reviews were signed with, and the profile form
 * shows it read-only.
 */
export async function syncUser(
  actor: Actor | null,
  email: string,
  change: { name?: string; profile?: ProfileInput },
  /** the bearer token, when it is the caller's only credential: answered as it is, never renewed */
  loneToken: string | null = null,
): Promise<{ token: string; acknowledged: true; modifiedCount: number }> {
  const current = requireSignedIn(actor);
  // Nobody obtains a token for, or edits, another person's account, admins included.
  if (current.email !== email.toLowerCase()) throw forbidden();
  const values = {
    ...(change.name && { name: sql`coalesce(nullif(${users.name}, ''), ${change.name})` }),
    ...change.profile,
  };
  let modifiedCount = 0;
  if (Object.keys(values).length > 0) {
    const updated = await getDb()
      .update(users)
      .set(values)
      .where(eq(users.id, current.userId))
      .returning({ id: users.id });
    modifiedCount = updated.length;
  }
  return {
    token:
      loneToken ?? (await issueAccessToken(current.userId, current.email, current.sessionVersion)),
    acknowledged: true,
    modifiedCount,
  };
}

export async function listUsers(actor: Actor | null): Promise<UserDto[]> {
  requireAdmin(actor);
  const [rows, terms] = await Promise.all([
    getDb().select().from(users).orderBy(asc(users.createdAt), asc(users.email)),
    getDb().select().from(creditTerms),
  ]);
  return rows.map((user) => {
    const granted = terms.find((row) => row.userId === user.id);
    return {
      ...toUserDto(user),
      terms: granted
        ? { netDays: granted.netDays, creditLimit: toDollars(granted.creditLimitCents) }
        : null,
    };
  });
}

export async function checkAdmin(actor: Actor | null, email: string): Promise<{ admin: boolean }> {
  requireSignedIn(actor);
  const user = await findUserByEmail(email);
  return { admin: user?.role === 'admin' };
}

export async function makeAdmin(
  actor: Actor | null,
  email: string,
): Promise<{ acknowledged: true; modifiedCount: number }> {
  const admin = requireAdmin(actor, 'Only an admin make make another admin');
  const target = await findUserByEmail(email);
  if (!target) throw notFound('No such user');
  const updated = await getDb().transaction(async (tx) => {
    const promoted = await tx
      .update(users)
      .set({ role: 'admin' })
      .where(and(eq(users.id, target.id), ne(users.role, 'admin')))
      .returning({ id: users.id });
    await recordAudit(tx, {
      actor: admin,
      action: 'user.make_admin',
      target: `user ${target.email}`,
      before: { role: promoted.length > 0 ? 'customer' : 'admin' },
      after: { role: 'admin' },
    });
    return promoted;
  });
  return { acknowledged: true, modifiedCount: updated.length };
}

export async function deleteUser(
  actor: Actor | null,
  id: string,
  origin: string = mailOrigin(),
): Promise<{ acknowledged: true; deletedCount: number }> {
  const admin = requireAdmin(actor);
  if (admin.userId === id) throw conflict('You can not remove your own account');
  if (!idSchema.safeParse(id).success) throw notFound('No such user');
  // Read before the account goes: its orders then belong to nobody.
  const unpaid = await unpaidOrdersOf(id);
  const deleted = await getDb().transaction(async (tx) => {
    // Serialises concurrent removals so that two admins can not remove each other as the last two.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(7272728)`);
    const [target] = await tx.select().from(users).where(eq(users.id, id));
    if (!target) throw notFound('No such user');
    if (target.role === 'admin') {
      const [row] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(users)
        .where(eq(users.role, 'admin'));
      if ((row?.count ?? 0) <= 1) throw conflict('The last admin can not be removed');
    }
    await recordAudit(tx, {
      actor: admin,
      action: 'user.remove',
      target: `user ${target.email}`,
      before: { email: target.email, name: target.name, role: target.role },
    });
    return tx.delete(users).where(eq(users.id, id)).returning({ id: users.id });
  });
  await cancelOrdersOfRemovedAccount(unpaid, origin);
  return { acknowledged: true, deletedCount: deleted.length };
}

export async function hasAdmin(): Promise<boolean> {
  const [admin] = await getDb()
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'admin'))
    .limit(1);
  return admin !== undefined;
}

/** Whether this admin account exists and still takes this password (start-up log of the demo admin). */
export async function adminSignInWorks(email: string, password: string): Promise<boolean> {
  const user = await findUserByEmail(email);
  return user?.role === 'admin' && (await verifyPassword(user.passwordHash, password));
}

/** Command-line and seed helper: makes an existing account admin without an acting admin. */
export async function promoteToAdmin(email: string): Promise<boolean> {
  const updated = await getDb()
    .update(users)
    .set({ role: 'admin' })
    .where(eq(users.email, email.toLowerCase()))
    .returning({ id: users.id });
  return updated.length > 0;
}

/**
 * Ensures an admin with this email and this password exists (SEED_ADMIN_EMAIL / the embedded demo admin). An
 * account someone opened with that email beforehand is taken over, not merely promoted: the configured password
 * replaces theirs, so nobody becomes admin by signing up first with the address an operator will configure.
 */
export async function ensureAdmin(email: string, password: string, name: string): Promise<void> {
  const existing = await findUserByEmail(email);
  if (existing) {
    const passwordHolds = await verifyPassword(existing.passwordHash, password);
    if (existing.role === 'admin' && passwordHolds) return;
    await getDb()
      .update(users)
      .set({
        role: 'admin',
        ...(!passwordHolds && { passwordHash: await hashPassword(password) }),
      })
      .where(eq(users.id, existing.id));
    return;
  }
  await getDb()
    .insert(users)
    .values({
      name,
      email: email.toLowerCase(),
      passwordHash: await hashPassword(password),
      role: 'admin',
    })
    .onConflictDoNothing({ target: users.email });
}
