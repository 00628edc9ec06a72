import path from 'node:path';
import { dataDir, getEnv } from '@/lib/env';
import { cachedPageOrigin } from '@/lib/site-origin';

export const SHOP_NAME = 'Toolhaus';

/**
 * Where mail goes: an SMTP server when SMTP_URL is set; the local mailbox (database + .eml files) on the embedded
 * database; nowhere in server mode without SMTP_URL, where mail features say they are unavailable.
 */
export type MailMode = 'smtp' | 'mailbox' | 'unavailable';

export function mailMode(): MailMode {
  const env = getEnv();
  if (env.SMTP_URL) return 'smtp';
  return env.DATABASE_URL ? 'unavailable' : 'mailbox';
}

export const mailAvailable = () => mailMode() !== 'unavailable';

export const mailFrom = () => getEnv().MAIL_FROM ?? `${SHOP_NAME} <no-reply@toolhaus.test>`;

export const mailboxDir = () => path.join(dataDir(), 'mail');

/**
 * Every link in mail points at AUTH_URL, else this server's own address: never at a request's Host or forwarded
 * headers, which whoever sends the request chooses (a reset link to another host would hand its token over).
 */
export const mailOrigin = cachedPageOrigin;
