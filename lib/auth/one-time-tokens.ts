import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { oneTimeTokens } from '@/lib/db/schema';

export type TokenPurpose = (typeof oneTimeTokens.$inferSelect)['purpose'];

export const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  password_reset: 30 * 60_000,
  email_verification: 24 * 60 * 60_000,
};

type Tx = Pick<Database, 'insert' | 'delete'>;

export const newToken = () => randomBytes(32).toString('base64url');

export const hashOfToken = (token: string) =>
  createHash('sha256').update(token).digest('base64url');

/** A fresh single-use token for the account; any older one of the same purpose stops working. Only its hash is kept. */
export async function issueToken(tx: Tx, userId: string, purpose: TokenPurpose): Promise<string> {
  const token = newToken();
  await voidTokens(tx, userId, purpose);
  await tx.insert(oneTimeTokens).values({
    tokenHash: hashOfToken(token),
    userId,
    purpose,
    expiresAt: new Date(Date.now() + TOKEN_LIFETIME_MS[purpose]),
  });
  return token;
}

/** Uses a token up: answers its account when it was valid, and it never works again. */
export async function consumeToken(
  tx: Pick<Database, 'delete'>,
  token: string,
  purpose: TokenPurpose,
): Promise<string | null> {
  const [used] = await tx
    .delete(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.tokenHash, hashOfToken(token)),
        eq(oneTimeTokens.purpose, purpose),
        gt(oneTimeTokens.expiresAt, new Date()),
      ),
    )
    .returning({ userId: oneTimeTokens.userId });
  return used?.userId ?? null;
}

export async function voidTokens(
  tx: Pick<Database, 'delete'>,
  userId: string,
  purpose: TokenPurpose,
) {
  await tx
    .delete(oneTimeTokens)
    .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose)));
}
