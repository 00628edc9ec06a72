import type { Role } from '@/lib/types';

/** Who is making a request, as every service sees it. */
export interface Actor {
  userId: string;
  email: string;
  name: string;
  role: Role;
  /** The account's session version this request's credential was issued under (lib/auth/sessions.ts). */
  sessionVersion: number;
  /** an admin who must turn on two-factor before acting as one (REQUIRE_ADMIN_2FA, lib/auth/admin-two-factor.ts) */
  twoFactorRequired?: boolean;
}

/** What a verified session cookie or bearer token vouches for, before the account is read. */
export interface Credential {
  userId: string;
  sessionVersion: number;
}

export const isAdmin = (actor: Actor | null): actor is Actor =>
  actor?.role === 'admin' && !actor.twoFactorRequired;
