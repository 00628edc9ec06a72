import { eq } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import { getDb } from '@/lib/db/client';
import { users } from '@/lib/db/schema';

/**
 * Whether a sign-in that proved the owner's address removed what had been set up with it before (a password, other
 * sign-in methods, two-factor: lib/auth/address-proof.ts). My Profile says so until the owner sets a password.
 */
export async function signInMethodsWereReset(actor: Actor): Promise<boolean> {
  const [row] = await getDb()
    .select({ at: users.signInMethodsResetAt })
    .from(users)
    .where(eq(users.id, actor.userId));
  return Boolean(row?.at);
}
