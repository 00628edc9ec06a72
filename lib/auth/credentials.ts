import { CredentialsSignin } from 'next-auth';
import { verifyPassword } from '@/lib/auth/passwords';
import { clearLoginFailures, isLoginLocked, recordLoginFailure } from '@/lib/login-attempts';
import { findUserByEmail } from '@/lib/users';
import { loginSchema } from '@/lib/validation';

/** Reaches the browser as `code` of signIn()'s result; the login form turns it into a message. */
export class LoginLockedError extends CredentialsSignin {
  code = 'locked';
}

function clientIp(request: Request): string {
  const forwarded = request.headers.get('x-forwarded-for')?.split(',')[0]?.trim();
  return forwarded || request.headers.get('x-real-ip') || 'unknown';
}

/** Email + password sign-in, refused while this email and IP pair is locked out by too many failures. */
export async function authorize(credentials: Partial<Record<string, unknown>>, request: Request) {
  const parsed = loginSchema.safeParse(credentials);
  if (!parsed.success) return null;
  const { email, password } = parsed.data;
  const ip = clientIp(request);
  if (await isLoginLocked(email, ip)) throw new LoginLockedError();
  const user = await findUserByEmail(email);
  if (!(await verifyPassword(user?.passwordHash ?? null, password)) || !user) {
    await recordLoginFailure(email, ip);
    return null;
  }
  await clearLoginFailures(email, ip);
  return { id: user.id, email: user.email, name: user.name };
}
