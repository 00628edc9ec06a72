// Two-factor sign-in, the one entry point for the rest of the shop (its modules import each other directly):
// - session.ts: two-factor as a state of the Auth.js session (owed, proved, expired), for lib/auth/;
// - service.ts: enrolment, recovery codes and proving a code, for My Profile and closing an account;
// - sign-in-step.ts: the code step of a sign-in (POST /api/two-factor/verify);
// - status.ts, totp.ts, recovery-codes.ts, secret-box.ts: the query, the codes and the sealed secret beneath them.
export {
  beginSignIn,
  continueSignIn,
  isCodeOwed,
  isSecondFactorPending,
  pendingSession,
  sessionSignedInAt,
} from '@/lib/two-factor/session';
export {
  confirmEnrolment,
  disableTwoFactor,
  getTwoFactorStatus,
  proveSecondFactor,
  startEnrolment,
  type Enrolment,
  type TwoFactorStatus,
} from '@/lib/two-factor/service';
export { requirePendingSignIn, verifySignInCode } from '@/lib/two-factor/sign-in-step';
export { isTwoFactorOn } from '@/lib/two-factor/status';
