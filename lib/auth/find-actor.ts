import { eq } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import { getDb } from '@/lib/db/client';
import { users, type User } from '@/lib/db/schema';
import { idSchema } from '@/lib/validation';

export function toActor(user: Pick<User, 'id' | 'email' | 'name' | 'role'>): Actor {
  return { userId: user.id, email: user.email, name: user.name ?? user.email, role: user.role };
}

/** The caller behind a verified credential, read fresh so that a removal or a promotion applies at once. */
export async function findActorById(id: string): Promise<Actor | null> {
  if (!idSchema.safeParse(id).success) return null;
  const [user] = await getDb()
    .select({ id: users.id, email: users.email, name: users.name, role: users.role })
    .from(users)
    .where(eq(users.id, id));
  return user ? toActor(user) : null;
}
