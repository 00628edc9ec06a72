import { getSession } from 'next-auth/react';
import { storeAccessToken } from '@/components/auth/access-token-sync';
import { replaceDocumentWith } from '@/components/auth/identity-navigation';
import { withFrom } from '@/components/auth/return-path';
import { safeReturnPath } from '@/lib/routes';

/**
 * After a successful sign-in: keep the bearer token, then return to where the user came from (docs/PRODUCT.md, Screens
 * and routes).
 */
export async function finishSignIn(email: string, from: string | undefined): Promise<void> {
  // A session that still owes its two-factor code gets no token (asking would be a 401 in the console): the code
  // step comes before anything else.
  if ((await getSession().catch(() => null))?.twoFactorPending) {
    replaceDocumentWith(withFrom('/two-factor', from));
    return;
  }
  try {
    await storeAccessToken(email);
  } catch (error) {
    // The session cookie already signs the user in; AccessTokenSync retries the token later.
    console.error('Could not fetch the access token', error);
  }
  replaceDocumentWith(safeReturnPath(from));
}
