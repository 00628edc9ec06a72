'use client';

import { useRouter } from 'next/navigation';
import { useCallback } from 'react';
import { storeAccessToken } from '@/components/auth/access-token-sync';
import { safeReturnPath } from '@/lib/routes';

/** After a successful sign-in: keep the bearer token, then return to where the user came from (SPEC §2). */
export function useFinishSignIn(from: string | undefined) {
  const router = useRouter();
  return useCallback(
    async (email: string) => {
      try {
        await storeAccessToken(email);
      } catch (error) {
        // The session cookie already signs the user in; AccessTokenSync retries the token later.
        console.error('Could not fetch the access token', error);
      }
      router.replace(safeReturnPath(from));
      router.refresh();
    },
    [router, from],
  );
}
