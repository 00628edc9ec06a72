import { ACCOUNT_DISABLED } from '@/lib/auth/account-disabled';

export const GOOGLE_NOT_CONFIGURED = 'Google sign-in is not configured on this server.';

/** The result of signIn('credentials', …) as words (DESIGN §10: wrong credentials, locked by rate limit). */
export function credentialsErrorMessage(code: string | undefined): string {
  if (code === 'locked') return 'Too many failed sign-in attempts. Try again in 15 minutes.';
  if (code === 'disabled') return ACCOUNT_DISABLED;
  return 'Invalid email or password';
}

const REDIRECT_ERRORS: Record<string, string> = {
  OAuthAccountNotLinked:
    'This email already has an account with a password. Log in with your email and password.',
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
