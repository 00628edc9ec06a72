import Link from 'next/link';

export const SIGN_IN_METHODS_RESET =
  'Your address is confirmed. This account had been opened with it before, so the password and other sign-in methods set up then were removed and every other session was signed out.';

/** My Profile, after a sign-in that proved the address of an account opened with it unproven. */
export function SignInMethodsResetNotice() {
  return (
    <div role="status" className="alert alert-info flex flex-col items-start gap-2">
      <span>{SIGN_IN_METHODS_RESET}</span>
      <Link href="/forgot-password" className="link font-medium">
        Set a password
      </Link>
    </div>
  );
}
