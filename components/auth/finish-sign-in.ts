import { getSession } from 'next-auth/react';
import { replaceDocumentWith } from '@/components/auth/identity-navigation';
import { withFrom } from '@/components/auth/return-path';
import { safeReturnPath } from '@/lib/routes';

/**
 * After a successful sign-in: the HttpOnly session cookie is all the browser keeps. A session that still owes its
 * two-factor code goes to the code step first, else back to where the user came from.
 */
export async function finishSignIn(from: string | undefined): Promise<void> {
  if ((await getSession().catch(() => null))?.twoFactorPending) {
    replaceDocumentWith(withFrom('/two-factor', from));
    return;
  }
  replaceDocumentWith(safeReturnPath(from));
}
