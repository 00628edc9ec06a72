import type { Role } from '@/lib/types';

/** Who is making a request, as every service sees it. */
export interface Actor {
  userId: string;
  email: string;
  name: string;
  role: Role;
  /** The account's session version this request's credential was issued under (lib/auth/sessions.ts). */
  sessionVersion: number;
}

/** What a verified session cookie or bearer token vouches for, before the account is read. */
export interface Credential {
  userId: string;
  sessionVersion: number;
}

export const isAdmin = (actor: Actor | null): actor is Actor => actor?.role === 'admin';
