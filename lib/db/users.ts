import { and, eq, isNull } from 'drizzle-orm';
import { getDb, type Database } from '@/lib/db/client';
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
export async function findIdentityAtVersion(
  userId: string,
  sessionVersion: number,
  db: Database = getDb(),
): Promise<Identity | undefined> {
  if (!idSchema.safeParse(userId).success) return undefined;
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      role: users.role,
      sessionVersion: users.sessionVersion,
    })
    .from(users)
    .where(
      and(eq(users.id, userId), eq(users.sessionVersion, sessionVersion), isNull(users.disabledAt)),
    );
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
