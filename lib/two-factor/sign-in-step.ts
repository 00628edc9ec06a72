import { eq } from 'drizzle-orm';
import { issueSecondFactorProof, pendingSignIn } from '@/lib/auth/second-factor';
import { getDb } from '@/lib/db/client';
import { users } from '@/lib/db/schema';
import { unauthorized } from '@/lib/errors';
import { proveSecondFactor, type FactorContext } from '@/lib/two-factor/service';

export const NO_PENDING_SIGN_IN = 'Sign in first: no sign-in is waiting for a code';

/**
 * The code step of a sign-in: the request's session must be one that owes a code. A right code (or recovery code)
 * yields the proof that lets Auth.js move this session, and only this one, to signed in.
 */
export async function verifySignInCode(
  request: Request,
  code: string,
  context: FactorContext,
): Promise<{ proof: string; email: string }> {
  const pending = await pendingSignIn(request);
  if (!pending) throw unauthorized(NO_PENDING_SIGN_IN);
  const [user] = await getDb()
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.id, pending.userId));
  if (!user) throw unauthorized(NO_PENDING_SIGN_IN);
  await proveSecondFactor(user, code, context);
  return { proof: await issueSecondFactorProof(user.id, pending.nonce), email: user.email };
}
