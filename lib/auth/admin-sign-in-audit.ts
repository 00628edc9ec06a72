import { recordAudit } from '@/lib/audit/record';
import { getDb, type Database } from '@/lib/db/client';
import type { Role } from '@/lib/types';

/**
 * Sign-ins to an admin account, by any method, and wrong passwords tried on one go in the audit log with the address
 * they came from. Whether the account is an admin is a question about the account signing in; it grants nothing.
 */
export async function auditAdminSignIn(
  action: 'admin.sign_in' | 'admin.sign_in_failed',
  user: { id: string; email: string; role: Role },
  method: string,
  ip: string | null,
  tx: Pick<Database, 'insert'> = getDb(),
): Promise<void> {
  if (user.role !== 'admin') return;
  await recordAudit(tx, {
    actor: { userId: user.id, email: user.email },
    action,
    target: `user ${user.email}`,
    after: { method },
    ip,
  });
}
