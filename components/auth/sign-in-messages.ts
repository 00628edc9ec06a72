import { ACCOUNT_DISABLED } from '@/lib/auth/account-disabled';
import { INVALID_LINK } from '@/lib/validation/auth';

export const GOOGLE_NOT_CONFIGURED = 'Google sign-in is not configured on this server.';

/** The result of signIn('credentials', …) as words (DESIGN §10: wrong credentials, locked by rate limit). */
export function credentialsErrorMessage(code: string | undefined): string {
  if (code === 'locked') return 'Too many failed sign-in attempts. Try again in 15 minutes.';
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
};

/** Auth.js sends failed redirects (Google) back to /login?error=<type>, the no-script forms too. */
export function redirectErrorMessage(error: string | undefined): string | null {
  if (!error) return null;
  return REDIRECT_ERRORS[error] ?? 'Sign-in failed. Please try again.';
}
