import { and, eq, isNull, sql } from 'drizzle-orm';
import { getDb, type Database } from '@/lib/db/client';
import { preparedPerDatabase } from '@/lib/db/prepared-statements';
import { users, type User } from '@/lib/db/schema';
import { emailParamSchema, idSchema } from '@/lib/validation/fields';

/** The account columns that say who someone is (lib/auth/caller.ts turns them into an Actor). */
export type Identity = Pick<User, 'id' | 'email' | 'name' | 'role' | 'sessionVersion'>;

export async function findUserById(id: string): Promise<User | undefined> {
  if (!idSchema.safeParse(id).success) return undefined;
  const [user] = await getDb().select().from(users).where(eq(users.id, id));
  return user;
}

export async function findUserByEmail(email: string): Promise<User | undefined> {
  // No account has an address that is not one (a path segment may hold anything).
  if (!emailParamSchema.safeParse(email).success) return undefined;
  const [user] = await getDb().select().from(users).where(eq(users.email, email.toLowerCase()));
  return user;
}

/**
 * The account at this session version; none once the session was ended (sign-out, password change, removal) or
 * while an admin has the account disabled.
 */
/**
 * The one rule of a credential's account, for a prepared statement (placeholders `callerId` and `sessionVersion`):
 * this account, at the version the credential was issued under, and not disabled. Statements that read a document
 * for its caller check the account with it in the same round trip.
 */
export const callerAtCredentialVersion = () =>
  and(
    eq(users.id, sql.placeholder('callerId')),
    eq(users.sessionVersion, sql.placeholder('sessionVersion')),
    isNull(users.disabledAt),
  );

// Read on every signed-in request: built once per pool, not per call (lib/db/prepared-statements.ts).
const identityStatement = preparedPerDatabase('identity_at_version', (db: Database, name) =>
  db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      role: users.role,
      sessionVersion: users.sessionVersion,
    })
    .from(users)
    .where(callerAtCredentialVersion())
    .prepare(name),
);

export async function findIdentityAtVersion(
  userId: string,
  sessionVersion: number,
): Promise<Identity | undefined> {
  if (!idSchema.safeParse(userId).success) return undefined;
  const [user] = await identityStatement(getDb()).execute({ callerId: userId, sessionVersion });
  return user;
}

export async function markEmailVerified(
  userId: string,
  db: Pick<Database, 'update'> = getDb(),
): Promise<void> {
  await db
    .update(users)
    .set({ emailVerified: new Date() })
    .where(and(eq(users.id, userId), isNull(users.emailVerified)));
}
