import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, vi } from 'vitest';
import { getDb } from '@/lib/db/client';
import { mailOutbox, mailRequests } from '@/lib/db/schema';
import { smtpSender } from '@/lib/mail/transport';
import { MailWorker } from '@/lib/mail/worker';

export interface TestSmtp {
  port: number;
  url: string;
  messages: ParsedMail[];
  stop: () => Promise<void>;
}

/** A real SMTP server in this process that keeps every message it accepts, parsed. Port 0 takes a free port. */
export async function startTestSmtp(port = 0): Promise<TestSmtp> {
  const messages: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          messages.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actual = (server.server.address() as AddressInfo).port;
  return {
    port: actual,
    url: `smtp://127.0.0.1:${actual}`,
    messages,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first absolute link of a mail's plain text that starts with this origin and path. */
export function linkIn(mail: ParsedMail, prefix: string): string {
  const match = (mail.text ?? '').match(/https?:\/\/\S+/g)?.find((url) => url.startsWith(prefix));
  if (!match) throw new Error(`No link to ${prefix} in: ${mail.text}`);
  return match.replace(/[)\].,]+$/, '');
}

export interface MailHarness {
  smtp: TestSmtp;
  worker: MailWorker;
}

/**
 * A test SMTP server and a worker delivering to it, for one test file; every test starts with an empty outbox.
 * With `origin`, mail is switched on as in production (SMTP_URL, and AUTH_URL for links).
 */
export function setUpTestMail(options: { origin?: string } = {}): MailHarness {
  const harness = {} as MailHarness;
  beforeAll(async () => {
    harness.smtp = await startTestSmtp();
    if (options.origin) {
      vi.stubEnv('SMTP_URL', harness.smtp.url);
      vi.stubEnv('AUTH_URL', options.origin);
    }
    harness.worker = new MailWorker({
      db: getDb(),
      send: smtpSender(harness.smtp.url),
      from: 'Toolhaus <shop@toolhaus.test>',
    });
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await harness.smtp.stop();
  });
  beforeEach(async () => {
    await getDb().delete(mailOutbox);
    await getDb().delete(mailRequests);
    harness.smtp.messages.length = 0;
  });
  return harness;
}
