import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { mailOutbox } from '@/lib/db/schema';
import { smtpSender } from '@/lib/mail/transport';
import { MailWorker } from '@/lib/mail/worker';
import { restartedDatabase } from './restarted-database';
import { startTestSmtp, type TestSmtp } from './smtp';

let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
});
afterAll(async () => {
  await smtp.stop();
});

describe('fault: the shop process is killed between commit and send', () => {
  it('delivers every committed mail once after a restart', async () => {
    const queued = 10;
    const onPostgres = Boolean(process.env.DATABASE_URL);
    const directory = onPostgres ? undefined : mkdtempSync(path.join(tmpdir(), 'toolhaus-crash-'));
    if (onPostgres) await getDb().delete(mailOutbox);
    const child = spawnSync(
      process.execPath,
      [path.resolve('node_modules/tsx/dist/cli.mjs'), 'tests/fixtures/queue-then-die.ts'],
      {
        env: {
          ...process.env,
          MAIL_COUNT: String(queued),
          CLAIM_MS: '500',
          ...(directory && { PGLITE_DIR: directory }),
        },
        encoding: 'utf8',
        timeout: 60_000,
      },
    );
    expect(child.stdout).toContain(`claimed ${queued}`);
    // tsx runs the script in a child of its own and passes the kill on as exit status 128 + 9.
    expect(child.signal ?? child.status).toSatisfy((end) => end === 'SIGKILL' || end === 137);

    // The restarted shop: the same database, a new worker.
    const { db, close } = restartedDatabase(directory);
    try {
      const stranded = await db.select().from(mailOutbox);
      expect(stranded).toHaveLength(queued);
      expect(stranded.every((row) => row.status === 'sending')).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 600));
      const restarted = new MailWorker({
        db,
        send: smtpSender(smtp.url),
        from: 'Toolhaus <shop@toolhaus.test>',
      });
      expect(await restarted.drain()).toBe(queued);
      const ids = smtp.messages.map((mail) => mail.messageId);
      expect(new Set(ids).size).toBe(queued);
      expect(ids).toHaveLength(queued);
      console.info(
        `fault test, killed between commit and send: queued ${queued}, delivered ${ids.length}, duplicates 0, lost 0`,
      );
    } finally {
      await close();
    }
  }, 90_000); // a second process starts, creates its database and migrates it
});
