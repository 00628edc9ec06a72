import { auditAdminSignIn } from '@/lib/auth/admin-sign-in-audit';
import { clientAddress } from '@/lib/client-request';
import { CredentialsSignin } from 'next-auth';
import { and, eq, gt } from 'drizzle-orm';
import { claimUnverifiedAccount } from '@/lib/auth/address-proof';
import { AccountDisabledError } from '@/lib/auth/credentials';
import { getDb } from '@/lib/db/client';
import { users, verificationTokens } from '@/lib/db/schema';
import { hashOfToken } from '@/lib/auth/one-time-tokens';
import { emailLinkSignInSchema } from '@/lib/validation/auth';

/** The link was used already, expired, or never existed. */
export class InvalidEmailLinkError extends CredentialsSignin {
  code = 'invalid_link';
}

/** The link opens a new account, and sign-up asks for a name first; the link stays unused. */
export class NameRequiredError extends CredentialsSignin {
  code = 'name_required';
}

/**
 * Signs in with a mailed link (the `email-link` provider): uses the token up, opens the account when the address
 * has none (with the given name), and marks the address verified, since the mail reached it (an account opened
 * with the address before it was proven loses what was set up then: lib/auth/address-proof.ts). In one transaction, so
 * a link is used exactly once even when opened twice at the same moment. The session is Auth.js's JWT, like every
 * other sign-in, and starts at the account's session version in the jwt callback.
 */
export async function authorizeEmailLink(
  credentials: Partial<Record<string, unknown>>,
  request?: Request,
) {
  const parsed = emailLinkSignInSchema.safeParse({
    token: credentials.token,
    name: credentials.name || undefined,
  });
  if (!parsed.success) {
    if (parsed.error.issues.some((issue) => issue.path[0] === 'token')) {
      throw new InvalidEmailLinkError();
    }
    throw new NameRequiredError();
  }
  const { token, name } = parsed.data;
  return getDb().transaction(async (tx) => {
    const [link] = await tx
      .select({ email: verificationTokens.identifier })
      .from(verificationTokens)
      .where(
        and(
          eq(verificationTokens.token, hashOfToken(token)),
          gt(verificationTokens.expires, new Date()),
        ),
      )
      .for('update');
    if (!link) throw new InvalidEmailLinkError();
    let [user] = await tx.select().from(users).where(eq(users.email, link.email));
    if (!user && !name) throw new NameRequiredError();
    const used = await tx
      .delete(verificationTokens)
      .where(eq(verificationTokens.token, hashOfToken(token)))
      .returning({ email: verificationTokens.identifier });
    if (used.length === 0) throw new InvalidEmailLinkError();
    if (!user) {
      // A sign-up racing this link for the same address wins; the link then signs in to that account.
      await tx
        .insert(users)
        .values({ name, email: link.email, emailVerified: new Date() })
        .onConflictDoNothing({ target: users.email });
      [user] = await tx.select().from(users).where(eq(users.email, link.email));
    } else if (!user.disabledAt) {
      // The mail reached the address: an account opened with it beforehand, unproven, is reset to its owner.
      await claimUnverifiedAccount(tx, user.id);
    }
    if (!user) throw new InvalidEmailLinkError();
    if (user.disabledAt) throw new AccountDisabledError();
    await auditAdminSignIn(
      'admin.sign_in',
      user,
      'email-link',
      request ? clientAddress(request) : null,
      tx,
    );
    return { id: user.id, email: user.email, name: user.name };
  });
}
