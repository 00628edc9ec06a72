import { getSession, signOut } from 'next-auth/react';
import { clearAccessToken } from '@/components/auth/access-token-sync';

// Auth.js renews the session cookie on every session read, so a read that was already in flight when the sign-out
// landed can set the cookie again. Check afterwards and sign out again until the server agrees.
const MAX_ATTEMPTS = 3;

/**
 * Ends the session on the server and in this browser, and drops the stored accessToken (docs/PRODUCT.md, Screens and
 * routes).
 */
export async function signOutCompletely(): Promise<void> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    await signOut({ redirect: false });
    if (!(await getSession())) break;
  }
  clearAccessToken();
}
