import { eq, sql } from 'drizzle-orm';
import { recordAudit } from '@/lib/audit/record';
import { requireAdmin } from '@/lib/auth/guards';
import type { Actor } from '@/lib/auth/actor';
import { endAllSessions } from '@/lib/auth/sessions';
import { getDb } from '@/lib/db/client';
import { users } from '@/lib/db/schema';
import { conflict, notFound } from '@/lib/errors';
import { idSchema } from '@/lib/validation/fields';
import type { AccountDisabledInput } from '@/lib/validation/users';

/**
 * All Users → Disable / Enable (admins, never on oneself). Disabling ends every session of the account in the same
 * transaction, so its cookies and bearer tokens stop at once on every instance; enabling lets it sign in again.
 */
export async function setAccountDisabled(
  actor: Actor | null,
  id: string,
  input: AccountDisabledInput,
): Promise<{ acknowledged: true; modifiedCount: number }> {
  const admin = requireAdmin(actor);
  if (!idSchema.safeParse(id).success) throw notFound('No such user');
  if (admin.userId === id) throw conflict('You can not disable your own account');
  const modified = await getDb().transaction(async (tx) => {
    const [target] = await tx
      .select({ disabledAt: users.disabledAt, email: users.email })
      .from(users)
      .where(eq(users.id, id));
    if (!target) throw notFound('No such user');
    if ((target.disabledAt !== null) === input.disabled) return 0;
    await tx
      .update(users)
      .set({ disabledAt: input.disabled ? sql`now()` : null })
      .where(eq(users.id, id));
    if (input.disabled) await endAllSessions(id, tx);
    await recordAudit(tx, {
      actor: admin,
      action: input.disabled ? 'user.disable' : 'user.enable',
      target: `user ${target.email}`,
      before: { disabled: !input.disabled },
      after: { disabled: input.disabled },
    });
    return 1;
  });
  return { acknowledged: true, modifiedCount: modified };
}
