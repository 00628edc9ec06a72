import { eq } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { users } from '@/lib/db/schema';
import type { MailData } from '@/lib/mail/kinds';
import { enqueueMail } from '@/lib/mail/outbox';

type Writer = Pick<Database, 'insert' | 'select'>;

export const quoteLink = (origin: string, quoteId: string) =>
  `${origin}/dashboard/quotes/${quoteId}`;

/** Every admin hears of a request and of a customer's message, each in the transaction of the event. */
export async function mailAdmins<K extends 'quote_requested' | 'quote_message'>(
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
