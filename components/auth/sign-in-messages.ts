import { ACCOUNT_DISABLED } from '@/lib/auth/account-disabled';
import { INVALID_LINK } from '@/lib/validation/auth';

export const GOOGLE_NOT_CONFIGURED = 'Google sign-in is not configured on this server.';

/**
 * A sign-in refused because the account (or this address) passed its failure threshold: the password is not even
 * checked, and the owner finishes with the emailed link instead of waiting (lib/auth/login-attempts.ts).
 */
export const LOCKED_SIGN_IN = 'For your security, finish signing in with a link we email you.';

/** Why the password was not even checked, under LOCKED_SIGN_IN (minutes: lib/auth/login-attempts.ts). */
export const LOCKED_SIGN_IN_REASON =
  'Your password was not checked: too many wrong passwords were tried for this account, so password sign-in is ' +
  'paused for up to 15 minutes on devices that have not signed in here before. A device you signed in with before ' +
  'is not affected.';

/** The result of signIn('credentials', …) as words: wrong credentials, locked by the throttle, disabled. */
export function credentialsErrorMessage(code: string | undefined): string {
  if (code === 'locked') return LOCKED_SIGN_IN;
  if (code === 'disabled') return ACCOUNT_DISABLED;
  // The email link's (lib/auth/email-link-sign-in.ts).
  if (code === 'invalid_link') return INVALID_LINK;
  if (code === 'name_required') return 'name is Required';
  return 'Invalid email or password';
}

const REDIRECT_ERRORS: Record<string, string> = {
  OAuthAccountNotLinked: 'This email already has an account. Log in the way you did before.',
  EmailRequired: 'That sign-in did not share an email address. Choose another way to sign in.',
  AccessDenied: 'Access denied.',
  Configuration: 'Sign-in is misconfigured on the server.',
  // The forms' no-script POST (lib/auth/form-sign-in.ts) comes back with these.
  CredentialsSignin: credentialsErrorMessage(undefined),
  Locked: credentialsErrorMessage('locked'),
  // Providers and the email link come back with this one (lib/auth/sign-in-gate.ts).
  AccountDisabled: ACCOUNT_DISABLED,
  SignupInvalid:
    'Sign-up failed: give your name, a valid email and a password of at least 6 characters.',
  EmailTaken: 'This email is already registered',
  TooMany: 'Too many requests. Try again in 15 minutes.',
};

/** Auth.js sends failed redirects (Google) back to /login?error=<type>, the no-script forms too. */
export function redirectErrorMessage(error: string | undefined): string | null {
  if (!error) return null;
  return REDIRECT_ERRORS[error] ?? 'Sign-in failed. Please try again.';
}
