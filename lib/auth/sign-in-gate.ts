import { and, eq } from 'drizzle-orm';
import type { Account, Profile } from 'next-auth';
import { getDb } from '@/lib/db/client';
import { accounts, users } from '@/lib/db/schema';
import { findUserByEmail } from '@/lib/db/users';

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
 * (else the password account's owner could be impersonated by whoever registered that address elsewhere).
 * Credentials sign-ins (password, email link) decide in their own authorize.
 */
export async function gateProviderSignIn(
  email: string | null | undefined,
  account: Pick<Account, 'provider' | 'providerAccountId' | 'type'> | null | undefined,
  profile: Profile | undefined,
): Promise<true | string> {
  if (!account || account.type === 'credentials') return true;
  const [linked] = await getDb()
    .select({ disabledAt: users.disabledAt })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.userId))
    .where(
      and(
        eq(accounts.provider, account.provider),
        eq(accounts.providerAccountId, account.providerAccountId),
      ),
    );
  if (linked) return linked.disabledAt ? refusedTo('AccountDisabled') : true;
  // Every account has an address: orders, mail and the admin's lists go by it.
  if (!email) return refusedTo('EmailRequired');
  const existing = await findUserByEmail(email);
  if (!existing) return true;
  if (existing.disabledAt) return refusedTo('AccountDisabled');
  return providerVouchesForEmail(account.provider, profile)
    ? true
    : refusedTo('OAuthAccountNotLinked');
}
