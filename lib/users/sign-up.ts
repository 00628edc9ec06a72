import { createUser } from '@/lib/users/accounts';
import { throttleMailRequest } from '@/lib/users/mail-requests';
import type { SignupInput } from '@/lib/validation/auth';

/**
 * Sign-up, from the API and from the form without scripts. It mails a verification link, so it is throttled with
 * every other mailed link, per address and per client (lib/users/mail-requests.ts), before anything else is done:
 * a flood of sign-ups costs one small query each, never a password hash.
 */
export async function signUp(
  input: SignupInput,
  context: { ip: string; origin: string },
): Promise<string> {
  await throttleMailRequest(input.email, context.ip);
  return createUser(input, context.origin);
}
