import { and, eq, gt, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { mailOutbox, users, verificationTokens } from '@/lib/db/schema';
import { unavailable } from '@/lib/errors';
import { mailAvailable } from '@/lib/mail/config';
import { throttleMailRequest } from '@/lib/users/mail-requests';
import { hashOfToken, newToken } from '@/lib/auth/one-time-tokens';
import { MAIL_UNAVAILABLE } from '@/lib/users/password-reset';
import { safeReturnPath } from '@/lib/routes';
import { cachedPageOrigin } from '@/lib/site-origin';
import type { EmailLinkRequestInput } from '@/lib/validation/auth';

export const EMAIL_LINK_LIFETIME_MS = 15 * 60_000;
export const EMAIL_LINK_PATH = '/email-link/sign-in';

/** The same words for every address, with an account or without: asking reveals nothing about accounts. */
export const emailLinkAnswer = (email: string) =>
  `We sent a sign-in link to ${email}. It works once, for 15 minutes.`;

/**
 * "Email me a sign-in link": a single-use link, valid 15 minutes, to any address. An address without an account
 * gets one that opens an account. Throttled with forgot password and Resend (lib/mail-requests.ts). The link is
 * built from the configured public origin (AUTH_URL, else this server's own address), never from a Host header.
 * Tokens live hashed in Auth.js's verification_tokens table, keyed by the address (DECISIONS).
 */
export async function requestEmailLink(
  input: EmailLinkRequestInput,
  context: { ip: string },
): Promise<{ message: string }> {
  if (!mailAvailable()) throw unavailable(MAIL_UNAVAILABLE);
  await throttleMailRequest(input.email, context.ip);
  const token = newToken();
  const query = new URLSearchParams({ token });
  const from = input.from ? safeReturnPath(input.from) : '/';
  if (from !== '/') query.set('from', from);
  const link = `${cachedPageOrigin()}${EMAIL_LINK_PATH}?${query}`;
  // One statement whatever the address: it voids the address's older links, stores the new one's hash and queues
  // the mail, so known and unknown addresses take the same work and round trips.
  await getDb().execute(sql`
    WITH account AS (
      SELECT coalesce(nullif(name, ''), email) AS name FROM ${users} WHERE email = ${input.email}
    ), voided AS (
      DELETE FROM ${verificationTokens} WHERE identifier = ${input.email}
    ), issued AS (
      INSERT INTO ${verificationTokens} (identifier, token, expires)
      VALUES (${input.email}, ${hashOfToken(token)}, ${new Date(Date.now() + EMAIL_LINK_LIFETIME_MS)})
    )
    INSERT INTO ${mailOutbox} (kind, recipient, data)
    SELECT 'sign_in_link', ${input.email}, jsonb_build_object(
      'name', coalesce((SELECT name FROM account), ${input.email}::text),
      'link', ${link}::text,
      'newAccount', NOT EXISTS (SELECT 1 FROM account))`);
  return { message: emailLinkAnswer(input.email) };
}

/**
 * What an unused, unexpired link is for, without using it up: the landing page asks for a name when needed, and
 * says beforehand when signing in will prove an address the account was opened with unproven (and so remove what
 * was set up before: lib/auth/address-proof.ts).
 */
export async function describeEmailLink(
  token: string,
): Promise<{ email: string; newAccount: boolean; provesAddress: boolean } | null> {
  const [row] = await getDb()
    .select({
      email: verificationTokens.identifier,
      userId: users.id,
      emailVerified: users.emailVerified,
    })
    .from(verificationTokens)
    .leftJoin(users, eq(users.email, verificationTokens.identifier))
    .where(
      and(
        eq(verificationTokens.token, hashOfToken(token)),
        gt(verificationTokens.expires, new Date()),
      ),
    );
  if (!row) return null;
  const newAccount = row.userId === null;
  return { email: row.email, newAccount, provesAddress: !newAccount && row.emailVerified === null };
}
