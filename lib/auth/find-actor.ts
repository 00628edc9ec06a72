import { and, eq, isNull } from 'drizzle-orm';
import type { Actor, Credential } from '@/lib/auth/actor';
import { getDb, type Database } from '@/lib/db/client';
import { users, type User } from '@/lib/db/schema';
import { idSchema } from '@/lib/validation';

export function toActor(
  user: Pick<User, 'id' | 'email' | 'name' | 'role' | 'sessionVersion'>,
): Actor {
  return {
    userId: user.id,
    email: user.email,
    name: user.name ?? user.email,
    role: user.role,
    sessionVersion: user.sessionVersion,
  };
}

/**
 * The caller behind a verified credential, read fresh so that a removal or a promotion applies at once. A credential
 * issued under an older session version (sign-out, "Sign out everywhere", a password change) names nobody.
 */
export async function findActorByCredential(
  credential: Credential,
  db: Database = getDb(),
): Promise<Actor | null> {
  if (!idSchema.safeParse(credential.userId).success) return null;
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
      and(
        eq(users.id, credential.userId),
        eq(users.sessionVersion, credential.sessionVersion),
        // A disabled account names nobody, whatever credential it still holds.
        isNull(users.disabledAt),
      ),
    );
  return user ? toActor(user) : null;
}
