import type { DefaultSession } from 'next-auth';
import type { Role } from '@/lib/types';

declare module 'next-auth' {
  interface Session {
    user: { id: string; role: Role; sessionVersion: number } & DefaultSession['user'];
    /** signed in with a first factor, a two-factor code still owed (lib/two-factor/session.ts) */
    twoFactorPending?: boolean;
    /** sent only to Auth.js's session update by the verify call (lib/two-factor/session.ts), never shown */
    secondFactorProof?: string;
    /** sent only to Auth.js's session update after turning two-factor on or off (lib/auth/session-renewal.ts) */
    sessionRenewal?: string;
  }
}

declare module '@auth/core/jwt' {
  interface JWT {
    role?: Role;
    /** the account's session version at sign-in (lib/auth/sessions.ts) */
    sv?: number;
    /** when the person signed in (ms since the epoch): the recent-login rule of closing an account */
    authAt?: number;
    /** 'pending' until the two-factor code of this sign-in was given */
    mfa?: 'pending';
    /** names this pending sign-in, so that a proof of the second factor fits it and no other */
    mfaNonce?: string;
    /** the pending sign-in began with the emailed link: its code guesses have their own throttling key */
    mfaVia?: 'email-link';
  }
}
