import { getSession, signOut } from 'next-auth/react';

// Auth.js renews the session cookie on every session read, so a read that was already in flight when the sign-out
// landed can set the cookie again. Check afterwards and sign out again until the server agrees.
const MAX_ATTEMPTS = 3;

// Where earlier versions of the shop kept a bearer token. None is written any more; one left behind is dropped.
const LEGACY_TOKEN_KEY = 'accessToken';

/** Ends the session on the server and in this browser, and drops any accessToken an earlier version stored. */
export async function signOutCompletely(): Promise<void> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    await signOut({ redirect: false });
    if (!(await getSession())) break;
  }
  window.localStorage.removeItem(LEGACY_TOKEN_KEY);
}
