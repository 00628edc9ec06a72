import { signIn } from 'next-auth/react';
import { finishSignIn } from './finish-sign-in';
import { credentialsErrorMessage } from './sign-in-messages';

/** Email + password sign-in without a redirect: null when it worked, else the message to show. */
export async function signInWithPassword(email: string, password: string): Promise<string | null> {
  const result = await signIn('credentials', { email, password, redirect: false });
  return result.error ? credentialsErrorMessage(result.code) : null;
}

/**
 * Signs in and, when that worked, goes where the visitor came from as a new document. Answers the message to show
 * when it did not: the refusal's, or `failure` when the sign-in could not be attempted at all.
 */
export async function signInAndReturn(
  email: string,
  password: string,
  from: string | undefined,
  failure: string,
): Promise<string | null> {
  try {
    const refused = await signInWithPassword(email, password);
    if (!refused) await finishSignIn(from);
    return refused;
  } catch (cause) {
    console.error(failure, cause);
    return failure;
  }
}
