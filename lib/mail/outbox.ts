import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { mailOutbox } from '@/lib/db/schema';
import type { MailData, MailKind } from '@/lib/mail/kinds';

/** Something that can insert: the database or, usually, the transaction of the event that causes the mail. */
type Writer = Pick<Database, 'insert'>;

/**
 * Queues a mail in the caller's transaction: it is delivered after commit, never when the transaction rolls back.
 * The insert trigger wakes the workers (NOTIFY, sent at commit).
 */
export async function enqueueMail<K extends MailKind>(
  db: Writer,
  kind: K,
  recipient: string,
  data: MailData<K>,
  /** Held until then: a digest that later events add to (appendToWaitingMail). */
  notBefore?: Date,
): Promise<string> {
  const [row] = await db
    .insert(mailOutbox)
    .values({ kind, recipient, data, ...(notBefore && { nextAttemptAt: notBefore }) })
    .returning({ id: mailOutbox.id });
  return row!.id;
}

/**
 * Adds a paragraph to the `text` of a mail that is still held for its time (never one being sent), found by kind,
 * recipient and one field of its data. False when no such mail waits: the caller queues a new one.
 */
export async function appendToWaitingMail(
  db: Pick<Database, 'update'>,
  where: { kind: MailKind; recipient: string; field: string; value: string },
  text: string,
): Promise<boolean> {
  const appended = await db
    .update(mailOutbox)
    .set({
      data: sql`jsonb_set(${mailOutbox.data}, '{text}', to_jsonb(
        coalesce(${mailOutbox.data} ->> 'text', '') || E'\n\n' || ${text}::text))`,
    })
    .where(
      and(
        eq(mailOutbox.kind, where.kind),
        eq(mailOutbox.recipient, where.recipient),
        eq(mailOutbox.status, 'pending'),
        eq(mailOutbox.attempts, 0),
        gt(mailOutbox.nextAttemptAt, sql`now()`),
        sql`${mailOutbox.data} ->> ${where.field} = ${where.value}`,
      ),
    )
    .returning({ id: mailOutbox.id });
  return appended.length > 0;
}

/** The stable Message-ID of a queued mail: every attempt sends the same one, so receivers can drop repeats. */
export const messageIdOf = (id: string, from: string) => {
  const domain = /@([^>\s]+)/.exec(from)?.[1] ?? 'toolhaus.local';
  return `<${id}@${domain}>`;
};

export async function listOutbox(db: Database, limit = 200) {
  return db
    .select({
      id: mailOutbox.id,
      kind: mailOutbox.kind,
      recipient: mailOutbox.recipient,
      subject: mailOutbox.subject,
      status: mailOutbox.status,
      attempts: mailOutbox.attempts,
      lastError: mailOutbox.lastError,
      createdAt: mailOutbox.createdAt,
      sentAt: mailOutbox.sentAt,
    })
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(limit);
}

export async function findOutboxMail(db: Database, id: string) {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row;
}

/**
 * Puts a failed mail back in the queue for a fresh series of attempts and wakes the workers (NOTIFY, sent at commit),
 * in the caller's transaction. Answers the requeued mail, or null when there was no failed mail of that id.
 */
export async function requeueFailed(db: Pick<Database, 'update' | 'execute'>, id: string) {
  const [requeued] = await db
    .update(mailOutbox)
    .set({
      status: 'pending',
      attempts: 0,
      nextAttemptAt: sql`now()`,
      retryUntil: sql`now() + interval '24 hours'`,
    })
    .where(sql`${mailOutbox.id} = ${id} AND ${mailOutbox.status} = 'failed'`)
    .returning({
      kind: mailOutbox.kind,
      recipient: mailOutbox.recipient,
      subject: mailOutbox.subject,
    });
  if (requeued) await db.execute(sql`SELECT pg_notify('mail_outbox', '')`);
  return requeued ?? null;
}

/** How many mails the outbox holds in each status (for /api/metrics). */
export async function countOutboxByStatus(
  db: Pick<Database, 'select'>,
): Promise<{ status: string; count: number }[]> {
  return db
    .select({ status: mailOutbox.status, count: sql<number>`count(*)::int` })
    .from(mailOutbox)
    .groupBy(mailOutbox.status);
}

/**
 * Adds fields to the data of a mail still queued in the caller's transaction, found by kind and one field of its
 * data: the placed mail an order's placement statement wrote, once the checkout knows the order waits for approval
 * or what invoice it carries.
 */
export async function amendQueuedMail<K extends MailKind>(
  db: Pick<Database, 'update'>,
  where: { kind: K; field: keyof MailData<K> & string; value: string },
  extra: Partial<MailData<K>>,
): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ data: sql`${mailOutbox.data} || ${JSON.stringify(extra)}::jsonb` })
    .where(
      and(
        eq(mailOutbox.kind, where.kind),
        eq(mailOutbox.status, 'pending'),
        sql`${mailOutbox.data} ->> ${where.field} = ${where.value}`,
      ),
    );
}
