import { eq } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { users } from '@/lib/db/schema';
import type { MailData } from '@/lib/mail/kinds';
import { appendToWaitingMail, enqueueMail } from '@/lib/mail/outbox';

type Writer = Pick<Database, 'insert' | 'select'>;

export const quoteLink = (origin: string, quoteId: string) =>
  `${origin}/dashboard/quotes/${quoteId}`;

/** Every admin hears of a request, in the transaction of the event. */
export async function mailAdmins<K extends 'quote_requested'>(
  tx: Writer,
  kind: K,
  data: Omit<MailData<K>, 'name'>,
): Promise<void> {
  const admins = await tx
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.role, 'admin'));
  for (const admin of admins) {
    await enqueueMail(tx, kind, admin.email, {
      ...data,
      name: admin.name ?? admin.email,
    } as MailData<K>);
  }
}

/** How long a customer's message waits for the next ones on the same quote before the admins get one mail of all. */
export const MESSAGE_DIGEST_MINUTES = 5;

/**
 * A customer's message reaches every admin in one digest per quote: the first message of a quiet quote queues a mail
 * held for MESSAGE_DIGEST_MINUTES, and the messages that follow meanwhile are added to it.
 */
export async function mailAdminsDigest(
  tx: Writer & Pick<Database, 'update'>,
  data: Omit<MailData<'quote_message'>, 'name'>,
): Promise<void> {
  const admins = await tx
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.role, 'admin'));
  const sendAt = new Date(Date.now() + MESSAGE_DIGEST_MINUTES * 60_000);
  for (const admin of admins) {
    const where = { kind: 'quote_message' as const, recipient: admin.email, field: 'number' };
    if (await appendToWaitingMail(tx, { ...where, value: String(data.number) }, data.text))
      continue;
    await enqueueMail(
      tx,
      'quote_message',
      admin.email,
      { ...data, name: admin.name ?? admin.email },
      sendAt,
    );
  }
}

/** The customer of a quote: their address and name, read in the transaction of the event. */
export async function customerOf(
  tx: Writer,
  userId: string,
): Promise<{ email: string; name: string }> {
  const [customer] = await tx
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, userId));
  return { email: customer!.email, name: customer!.name ?? customer!.email };
}
