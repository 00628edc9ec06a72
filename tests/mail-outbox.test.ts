import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { drizzle } from 'drizzle-orm/node-postgres';
import { simpleParser } from 'mailparser';
import { Pool } from 'pg';
import { getDb, type Database } from '@/lib/db/client';
import * as schema from '@/lib/db/schema';
import { mailOutbox } from '@/lib/db/schema';
import { enqueueMail, requeueFailed } from '@/lib/mail/outbox';
import { mailboxSender, smtpSender } from '@/lib/mail/transport';
import { MailWorker } from '@/lib/mail/worker';
import { startTestSmtp, type TestSmtp } from './smtp';

const FROM = 'Toolhaus <shop@toolhaus.test>';
let smtp: TestSmtp;

beforeAll(async () => {
  smtp = await startTestSmtp();
});
afterAll(async () => {
  await smtp.stop();
});
beforeEach(async () => {
  await getDb().delete(mailOutbox);
  smtp.messages.length = 0;
});

const reset = (n: number) => ({
  name: `Customer ${n}`,
  link: `https://shop.example/reset-password?token=t${n}`,
});
const worker = (options: Partial<ConstructorParameters<typeof MailWorker>[0]> = {}) =>
  new MailWorker({ db: getDb(), send: smtpSender(smtp.url), from: FROM, ...options });
const rows = () => getDb().select().from(mailOutbox);

describe('the mail outbox', () => {
  it('delivers a queued mail once over SMTP with a stable Message-ID and records it as sent', async () => {
    const id = await enqueueMail(getDb(), 'password_reset', 'ann@test.dev', reset(1));
    expect(await worker().drain()).toBe(1);
    expect(await worker().drain()).toBe(0);
    expect(smtp.messages).toHaveLength(1);
    const [mail] = smtp.messages;
    expect(mail!.to).toMatchObject({ text: 'ann@test.dev' });
    expect(mail!.subject).toBe('Reset your Toolhaus password');
    expect(mail!.messageId).toBe(`<${id}@toolhaus.test>`);
    expect(mail!.text).toContain('https://shop.example/reset-password?token=t1');
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null, claimedBy: null });
    expect(row!.subject).toBe('Reset your Toolhaus password');
    expect(row!.html).toContain('href="https://shop.example/reset-password?token=t1"');
  });

  it('queues nothing for a transaction that rolls back', async () => {
    await expect(
      getDb().transaction(async (tx) => {
        await enqueueMail(tx, 'password_reset', 'ann@test.dev', reset(1));
        throw new Error('the event failed');
      }),
    ).rejects.toThrow('the event failed');
    expect(await rows()).toHaveLength(0);
    expect(await worker().drain()).toBe(0);
    expect(smtp.messages).toHaveLength(0);
  });

  it('keeps every mail while the SMTP server is down and delivers each once when it is back', async () => {
    const port = smtp.port;
    await smtp.stop();
    const queued = 20;
    for (let n = 0; n < queued; n++)
      await enqueueMail(getDb(), 'password_reset', `c${n}@test.dev`, reset(n));
    const retrying = worker({ backoffMs: () => 0 });
    expect(await retrying.drain()).toBe(0);
    const failed = await rows();
    expect(failed.every((row) => row.status === 'pending' && row.attempts === 1)).toBe(true);
    expect(failed[0]!.lastError).toMatch(/ECONNREFUSED|connect/i);
    smtp = await startTestSmtp(port);
    expect(await retrying.drain()).toBe(queued);
    const ids = smtp.messages.map((mail) => mail.messageId);
    expect(new Set(ids).size).toBe(queued);
    expect(ids).toHaveLength(queued);
    console.info(
      `fault test, SMTP down: queued ${queued}, delivered ${ids.length}, duplicates 0, lost 0`,
    );
  });

  it('backs off between attempts and gives up after the retry window with the last error', async () => {
    await enqueueMail(getDb(), 'password_reset', 'ann@test.dev', reset(1));
    const down = new MailWorker({
      db: getDb(),
      from: FROM,
      send: () => Promise.reject(new Error('550 mailbox unavailable')),
    });
    await down.drain();
    let [row] = await rows();
    expect(row!.status).toBe('pending');
    expect(row!.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(20_000);
    await getDb()
      .update(mailOutbox)
      .set({ nextAttemptAt: sql`now()`, retryUntil: sql`now()` });
    await down.drain();
    [row] = await rows();
    expect(row).toMatchObject({
      status: 'failed',
      attempts: 2,
      lastError: '550 mailbox unavailable',
    });
    expect(await requeueFailed(getDb(), row!.id)).not.toBeNull();
    expect(await requeueFailed(getDb(), row!.id)).toBeNull();
    expect(await worker().drain()).toBe(1);
    expect(smtp.messages).toHaveLength(1);
  });

  it('delivers after a restart what a killed process had committed or claimed', async () => {
    await enqueueMail(getDb(), 'password_reset', 'never-claimed@test.dev', reset(1));
    await enqueueMail(getDb(), 'password_reset', 'claimed@test.dev', reset(2));
    // The process died after claiming (its claim lapses) and before sending anything.
    const dead = worker({ claimMs: 50, batchSize: 1 });
    expect(await dead.claim()).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await worker().drain()).toBe(2);
    expect(
      smtp.messages.map((mail) => mail.to && 'text' in mail.to && mail.to.text).sort(),
    ).toEqual(['claimed@test.dev', 'never-claimed@test.dev']);
  });

  it('gives back its claims on a graceful stop so that another instance sends them at once', async () => {
    for (let n = 0; n < 3; n++)
      await enqueueMail(getDb(), 'password_reset', `c${n}@test.dev`, reset(n));
    const stopping = worker();
    expect(await stopping.claim()).toHaveLength(3);
    await stopping.stop();
    expect((await rows()).every((row) => row.status === 'pending' && row.attempts === 0)).toBe(
      true,
    );
    expect(await worker().drain()).toBe(3);
  });

  it('fails a mail that can not be rendered without retrying it', async () => {
    await getDb().insert(mailOutbox).values({ kind: 'mystery', recipient: 'a@test.dev', data: {} });
    await worker().drain();
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'failed', lastError: 'Unknown kind of mail: mystery' });
  });
});

describe('two instances draining one outbox', () => {
  let second: { db: Database; close: () => Promise<void> };

  beforeAll(() => {
    const url = process.env.DATABASE_URL;
    if (!url) {
      // PGlite is one process's database: both workers share its connection and interleave their claims.
      second = { db: getDb(), close: async () => undefined };
      return;
    }
    const pool = new Pool({ connectionString: url, max: 4 });
    second = {
      db: drizzle({ client: pool, schema }) as unknown as Database,
      close: () => pool.end(),
    };
  });
  afterAll(async () => {
    await second.close();
  });

  it('sends each row exactly once', async () => {
    const queued = 60;
    for (let n = 0; n < queued; n++) {
      await enqueueMail(
        getDb(),
        'password_reset',
        `c${n}-${randomUUID().slice(0, 4)}@test.dev`,
        reset(n),
      );
    }
    const one = worker({ batchSize: 5 });
    const two = new MailWorker({
      db: second.db,
      send: smtpSender(smtp.url),
      from: FROM,
      batchSize: 5,
    });
    const [sentByOne, sentByTwo] = await Promise.all([one.drain(), two.drain()]);
    expect(sentByOne + sentByTwo).toBe(queued);
    const ids = smtp.messages.map((mail) => mail.messageId);
    expect(new Set(ids).size).toBe(queued);
    expect(ids).toHaveLength(queued);
    const sent = await getDb().select().from(mailOutbox).where(eq(mailOutbox.status, 'sent'));
    expect(sent).toHaveLength(queued);
    console.info(
      `fault test, two workers: queued ${queued}, delivered ${ids.length} (${sentByOne} + ${sentByTwo}), duplicates 0, lost 0`,
    );
  });
});

describe('a permanent refusal', () => {
  it('fails the mail at once (SMTP 5xx) instead of retrying it for a day', async () => {
    await enqueueMail(getDb(), 'password_reset', 'ann@test.dev', reset(1));
    const refusing = new MailWorker({
      db: getDb(),
      from: FROM,
      send: () =>
        Promise.reject(Object.assign(new Error('550 No such user'), { responseCode: 550 })),
    });
    await refusing.drain();
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'failed', attempts: 1, lastError: '550 No such user' });
  });
});

describe('the local mailbox (no SMTP_URL on the embedded database)', () => {
  it('keeps each delivered mail as an .eml file named after its row', async () => {
    const directory = mkdtempSync(path.join(tmpdir(), 'toolhaus-mailbox-'));
    try {
      const id = await enqueueMail(getDb(), 'password_reset', 'ann@test.dev', reset(1));
      const local = new MailWorker({ db: getDb(), send: mailboxSender(directory), from: FROM });
      expect(await local.drain()).toBe(1);
      const parsed = await simpleParser(readFileSync(path.join(directory, `${id}.eml`)));
      expect(parsed.subject).toBe('Reset your Toolhaus password');
      expect(parsed.messageId).toBe(`<${id}@toolhaus.test>`);
      expect(parsed.text).toContain('https://shop.example/reset-password?token=t1');
      const [row] = await rows();
      expect(row!.status).toBe('sent');
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
