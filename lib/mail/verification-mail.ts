import type { Database } from '@/lib/db/client';
import { enqueueMail } from '@/lib/mail/outbox';
import { issueToken } from '@/lib/auth/one-time-tokens';

/** Queues a verification link (24 h, single use, voiding any earlier one) in the caller's transaction. */
export async function queueVerificationMail(
  tx: Pick<Database, 'insert' | 'delete'>,
  user: { id: string; email: string; name: string | null },
  origin: string,
): Promise<void> {
  const token = await issueToken(tx, user.id, 'email_verification');
  await enqueueMail(tx, 'email_verification', user.email, {
    name: user.name || user.email,
    link: `${origin}/verify-email?token=${token}`,
  });
}
