import { and, eq } from 'drizzle-orm';
import type { Account, Profile } from 'next-auth';
import { getDb } from '@/lib/db/client';
import { accounts, users } from '@/lib/db/schema';
import { findUserByEmail } from '@/lib/db/users';
import { claimUnverifiedAccount, type SigningInAccount } from '@/lib/auth/address-proof';

/** Where a refused provider sign-in lands: the login card turns the code into words (sign-in-messages.ts). */
export const refusedTo = (code: 'AccountDisabled' | 'OAuthAccountNotLinked' | 'EmailRequired') =>
  `/login?error=${code}`;

/**
 * Whether a provider says it verified the address it gives: Google's `email_verified`, GitHub's from its address
 * list (lib/auth/providers.ts). Facebook and X say nothing of the kind, so they never vouch.
 */
export function providerVouchesForEmail(provider: string, profile: Profile | undefined): boolean {
  return (provider === 'google' || provider === 'github') && profile?.email_verified === true;
}

/**
 * Auth.js's signIn callback for providers that sign in on another site: a disabled account stays out, and a new
 * provider account joins an existing account of the same email only when the provider vouches for the address
 * (else the password account's owner could be impersonated by whoever registered that address elsewhere); an
 * account opened with the address before it was proven is then reset to its owner.
 * Credentials sign-ins (password, email link) decide in their own authorize.
 */
export async function gateProviderSignIn(
  email: string | null | undefined,
  account: Pick<Account, 'provider' | 'providerAccountId' | 'type'> | null | undefined,
  profile: Profile | undefined,
): Promise<true | string> {
  if (!account || account.type === 'credentials') return true;
  const [linked] = await getDb()
    .select({ userId: users.id, email: users.email, disabledAt: users.disabledAt })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.userId))
    .where(
      and(
        eq(accounts.provider, account.provider),
        eq(accounts.providerAccountId, account.providerAccountId),
      ),
    );
  const vouches = providerVouchesForEmail(account.provider, profile);
  if (linked) {
    if (linked.disabledAt) return refusedTo('AccountDisabled');
    // It vouches for the account's own address only when that is the address it gives.
    if (vouches && email?.toLowerCase() === linked.email)
      await proveAddress(linked.userId, account);
    return true;
  }
  // Every account has an address: orders, mail and the admin's lists go by it.
  if (!email) return refusedTo('EmailRequired');
  const existing = await findUserByEmail(email);
  if (!existing) return true;
  if (existing.disabledAt) return refusedTo('AccountDisabled');
  if (!vouches) return refusedTo('OAuthAccountNotLinked');
  await proveAddress(existing.id, account);
  return true;
}

/**
 * The provider vouches for the address: an account whose address was never proven is reset to its owner before
 * the sign-in joins it (lib/auth/address-proof.ts). Here rather than in the signIn event, which runs after the new
 * session was issued at the old session version.
 */
async function proveAddress(userId: string, account: SigningInAccount): Promise<void> {
  await getDb().transaction((tx) => claimUnverifiedAccount(tx, userId, account));
}
