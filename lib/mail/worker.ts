import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, lte, notInArray, or, sql } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { mailOutbox, type OutboxMail } from '@/lib/db/schema';
import { messageIdOf } from '@/lib/mail/outbox';
import { attachmentsOf, type Attachment } from '@/lib/mail/attachments';
import { renderMail, type RenderedMail } from '@/lib/mail/render';
import type { SendMail } from '@/lib/mail/transport';
import { mailAttempts } from '@/lib/observability/metrics';

export interface MailWorkerOptions {
  db: Database;
  send: SendMail;
  from: string;
  /** how long a claim lasts: a worker that died holding rows loses them after this */
  claimMs?: number;
  batchSize?: number;
  /** wait before attempt n + 1 after n failed attempts */
  backoffMs?: (attempts: number) => number;
}

const MINUTE = 60_000;

/** 30 s, 1 min, 2 min … doubling up to an hour between attempts, for the 24 hours a mail is retried. */
export const defaultBackoff = (attempts: number) =>
  Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * MINUTE);

/** An SMTP 5xx reply (no such mailbox, refused): the same mail would be refused again, so it fails at once. */
const isPermanent = (error: unknown) => {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500;
};

const errorText = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, 1000);

/**
 * Delivers the outbox: claims due rows with FOR UPDATE SKIP LOCKED (so instances sharing one database never take
 * the same row), renders and sends each, and records the outcome. Delivery is at least once: a worker that dies
 * after the server accepted a mail but before recording it sends it again after the claim expires, with the same
 * Message-ID.
 */
export class MailWorker {
  readonly id = `${hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`;
  private readonly claimMs: number;
  private readonly batchSize: number;
  private readonly backoffMs: (attempts: number) => number;
  private running: Promise<number> | null = null;
  private again = false;
  private stopped = false;

  constructor(private readonly options: MailWorkerOptions) {
    this.claimMs = options.claimMs ?? 5 * MINUTE;
    this.batchSize = options.batchSize ?? 10;
    this.backoffMs = options.backoffMs ?? defaultBackoff;
  }

  /** Sends everything that is due, batch after batch; concurrent calls join the running drain. Answers how many were sent. */
  drain(): Promise<number> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.drainLoop().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async drainLoop(): Promise<number> {
    let sent = 0;
    // A mail that failed in this drain waits for its next attempt time, even when the backoff is zero.
    const attempted = new Set<string>();
    do {
      this.again = false;
      for (;;) {
        if (this.stopped) return sent;
        const batch = await this.claim([...attempted]);
        if (batch.length === 0) break;
        for (const row of batch) {
          if (this.stopped) return sent;
          attempted.add(row.id);
          if (await this.deliver(row)) sent += 1;
        }
      }
    } while (this.again && !this.stopped);
    return sent;
  }

  /** Takes up to a batch of due rows, and rows whose worker died holding them. */
  async claim(skip: string[] = []): Promise<OutboxMail[]> {
    const { db } = this.options;
    const due = db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(
          or(
            and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, sql`now()`)),
            and(eq(mailOutbox.status, 'sending'), lte(mailOutbox.claimedUntil, sql`now()`)),
          ),
          skip.length > 0 ? notInArray(mailOutbox.id, skip) : undefined,
        ),
      )
      .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.createdAt))
      .limit(this.batchSize)
      .for('update', { skipLocked: true });
    const claimed = await db
      .update(mailOutbox)
      .set({
        status: 'sending',
        claimedBy: this.id,
        claimedUntil: sql`now() + ${`${this.claimMs} milliseconds`}::interval`,
        attempts: sql`${mailOutbox.attempts} + 1`,
      })
      .where(inArray(mailOutbox.id, due))
      .returning();
    // RETURNING has no order: send in queue order, so that a receipt never overtakes its order's mail.
    return claimed.sort(
      (a, b) =>
        a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime() ||
        a.createdAt.getTime() - b.createdAt.getTime(),
    );
  }

  private async deliver(row: OutboxMail): Promise<boolean> {
    let rendered: RenderedMail;
    let attachments: Attachment[];
    try {
      rendered = await renderMail(row.kind, row.data);
      attachments = await attachmentsOf(this.options.db, row.data);
    } catch (error) {
      // A mail that can not be rendered never will be: no retries.
      await this.finish(row, { status: 'failed', lastError: errorText(error) });
      return false;
    }
    try {
      await this.options.send({
        ...rendered,
        attachments,
        id: row.id,
        from: this.options.from,
        to: row.recipient,
        messageId: messageIdOf(row.id, this.options.from),
      });
    } catch (error) {
      const retryAt = new Date(Date.now() + this.backoffMs(row.attempts));
      const givesUp = isPermanent(error) || retryAt > row.retryUntil;
      await this.finish(row, {
        ...rendered,
        status: givesUp ? 'failed' : 'pending',
        nextAttemptAt: retryAt,
        lastError: errorText(error),
      });
      return false;
    }
    await this.finish(row, { ...rendered, status: 'sent', sentAt: new Date(), lastError: null });
    return true;
  }

  /** Records an attempt's outcome, only while this worker still holds the claim. */
  private async finish(row: OutboxMail, change: Partial<OutboxMail>): Promise<void> {
    mailAttempts.inc({ outcome: change.status === 'pending' ? 'retrying' : change.status });
    await this.options.db
      .update(mailOutbox)
      .set({ ...change, claimedBy: null, claimedUntil: null })
      .where(and(eq(mailOutbox.id, row.id), eq(mailOutbox.claimedBy, this.id)));
  }

  /** Stops claiming, lets the mail being sent finish, and gives back the rest of its claims at once. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.running?.catch(() => 0);
    await this.options.db
      .update(mailOutbox)
      .set({
        status: 'pending',
        claimedBy: null,
        claimedUntil: null,
        attempts: sql`greatest(${mailOutbox.attempts} - 1, 0)`,
      })
      .where(and(eq(mailOutbox.claimedBy, this.id), eq(mailOutbox.status, 'sending')));
  }
}
