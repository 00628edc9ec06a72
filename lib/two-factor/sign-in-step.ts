import { eq } from 'drizzle-orm';
import { issueSecondFactorProof, pendingSignIn } from '@/lib/two-factor/session';
import { getDb } from '@/lib/db/client';
import { users } from '@/lib/db/schema';
import { unauthorized } from '@/lib/errors';
import { proveSecondFactor, type FactorContext } from '@/lib/two-factor/service';

export const NO_PENDING_SIGN_IN = 'Sign in first: no sign-in is waiting for a code';

type PendingSignIn = NonNullable<Awaited<ReturnType<typeof pendingSignIn>>>;

/** The code step's identity check, before its body is read: the request's session must be one that owes a code. */
export async function requirePendingSignIn(request: Request): Promise<PendingSignIn> {
  const pending = await pendingSignIn(request);
  if (!pending) throw unauthorized(NO_PENDING_SIGN_IN);
  return pending;
}

/**
 * The code step of a sign-in: a right code (or recovery code) yields the proof that lets Auth.js move this session,
 * and only this one, to signed in.
 */
export async function verifySignInCode(
  pending: PendingSignIn,
  code: string,
  context: FactorContext,
): Promise<{ proof: string; email: string }> {
  const [user] = await getDb()
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.id, pending.userId));
  if (!user) throw unauthorized(NO_PENDING_SIGN_IN);
  await proveSecondFactor(user, code, {
    ...context,
    signIn: pending.viaEmailLink ? 'email-link' : 'password',
  });
  return { proof: await issueSecondFactorProof(user.id, pending.nonce), email: user.email };
}
