import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  messageId: string;
}

// Written by the test SMTP server of scripts/lib/test-server.mjs (e2e data directory).
const INBOX = path.join(process.cwd(), '.data-e2e', 'smtp-inbox.jsonl');

function inbox(): ReceivedMail[] {
  if (!existsSync(INBOX)) return [];
  return readFileSync(INBOX, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as ReceivedMail);
}

/** Waits for the latest mail to this address with this subject, as the test SMTP server received it. */
export async function receivedMail(to: string, subject: string | RegExp): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      () => {
        found = inbox()
          .filter(
            (mail) =>
              mail.to === to &&
              (typeof subject === 'string' ? mail.subject === subject : subject.test(mail.subject)),
          )
          .at(-1);
        return Boolean(found);
      },
      { timeout: 20_000, message: `a mail to ${to}: ${subject}` },
    )
    .toBe(true);
  return found!;
}

/** The link of a mail that starts with this path on the shop. */
export function linkIn(mail: ReceivedMail, pathPrefix: string): string {
  const link = mail.text
    .match(/https?:\/\/\S+/g)
    ?.find((url) => new URL(url).pathname.startsWith(pathPrefix));
  if (!link) throw new Error(`No ${pathPrefix} link in: ${mail.text}`);
  return link;
}
