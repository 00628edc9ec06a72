import type { Identity } from '@/lib/db/users';
import type { Role } from '@/lib/types';
import type { ApiKeyScope } from '@/lib/validation/api-keys';

// Who is calling, as every service sees it. Resolved once per request by lib/auth/caller.ts; judged by the guards of
// lib/auth/guards.ts (route handlers and services) and lib/auth/page-guards.ts (pages).

/** Who is making a request, as every service sees it. */
export interface Actor {
  userId: string;
  email: string;
  name: string;
  role: Role;
  /** The account's session version this request's credential was issued under (lib/auth/sessions.ts). */
  sessionVersion: number;
  /** An admin who must turn on two-factor before acting as one (REQUIRE_ADMIN_2FA): see lib/auth/caller.ts. */
  twoFactorRequired?: boolean;
  /** The client address the request came from (lib/client-request.ts), for the audit log of what an admin does. */
  address?: string;
  /** The API key this request came with (lib/auth/api-key-gate.ts): the actor is its maker, as a customer. */
  key?: ApiKeyGrant;
}

/** What an API key grants: its company, and the scopes that opened the routes it may call. */
export interface ApiKeyGrant {
  id: string;
  companyId: string;
  scopes: ApiKeyScope[];
}

/** What a verified session cookie or bearer token vouches for, before the account is read. */
export interface Credential {
  userId: string;
  sessionVersion: number;
  /** Set when an API key vouches, not a session or an access token. */
  key?: ApiKeyGrant;
}

export function toActor(user: Identity): Actor {
  return {
    userId: user.id,
    email: user.email,
    name: user.name ?? user.email,
    role: user.role,
    sessionVersion: user.sessionVersion,
  };
}
