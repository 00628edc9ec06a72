import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import {
  accounts,
  cartLines,
  companies,
  companyMembers,
  recoveryCodes,
  twoFactor,
  users,
} from '@/lib/db/schema';

/** The provider account that is signing in, kept while every other one goes. */
export interface SigningInAccount {
  provider: string;
  providerAccountId: string;
}

/**
 * A sign-in that proves the address (the emailed link, a provider that vouches for it) into an account whose address
 * was never verified: whoever opened that account need not own the address (anyone can sign up with another
 * person's email and a password of their choosing). So everything set before the proof goes, in the transaction
 * that verifies the address: the password, every linked provider account but the one signing in, two-factor, and
 * every session and bearer token (the session version moves on); and what the stranger wrote into the account for the
 * owner to inherit: the name, the profile, the company it made or joined, the cart. The owner is told on
 * My Profile (and on the link's page before signing in), and may set a password with the usual reset. Answers whether
 * the account was reset; an address already verified keeps everything.
 */
export async function claimUnverifiedAccount(
  tx: Database,
  userId: string,
  signingIn?: SigningInAccount,
): Promise<boolean> {
  // Only the first proof resets: of two sign-ins at once, the second finds the address verified.
  const [claimed] = await tx
    .update(users)
    .set({
      emailVerified: new Date(),
      passwordHash: null,
      name: null,
      image: null,
      education: null,
      institution: null,
      address: null,
      phone: null,
      linkedIn: null,
      signInMethodsResetAt: new Date(),
      sessionVersion: sql`${users.sessionVersion} + 1`,
    })
    .where(and(eq(users.id, userId), isNull(users.emailVerified)))
    .returning({ id: users.id });
  if (!claimed) return false;
  await tx
    .delete(accounts)
    .where(
      and(
        eq(accounts.userId, userId),
        signingIn &&
          or(
            ne(accounts.provider, signingIn.provider),
            ne(accounts.providerAccountId, signingIn.providerAccountId),
          ),
      ),
    );
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.delete(twoFactor).where(eq(twoFactor.userId, userId));
  // A company the stranger made goes with them when nobody else joined it; one they joined loses only them.
  const [left] = await tx
    .delete(companyMembers)
    .where(eq(companyMembers.userId, userId))
    .returning({ companyId: companyMembers.companyId });
  if (left) {
    await tx
      .delete(companies)
      .where(
        and(
          eq(companies.id, left.companyId),
          sql`NOT EXISTS (SELECT 1 FROM ${companyMembers} WHERE ${companyMembers.companyId} = ${companies.id})`,
        ),
      );
  }
  await tx.delete(cartLines).where(eq(cartLines.userId, userId));
  return true;
}
