'use client';

import { useSession } from 'next-auth/react';
import { useEffect } from 'react';
import { ACCESS_TOKEN_KEY, apiRequest } from '@/lib/client/api';

// Renew a little before the server's 1 h expiry so API calls never carry a dead bearer.
const RENEW_BEFORE_MS = 5 * 60 * 1000;

export function saveAccessToken(token: string) {
  window.localStorage.setItem(ACCESS_TOKEN_KEY, token);
}

export function clearAccessToken() {
  window.localStorage.removeItem(ACCESS_TOKEN_KEY);
}

// The login form and AccessTokenSync both ask right after a sign-in: share one request per email.
const inFlight = new Map<string, Promise<string>>();

/** After sign-in the user record is sent to the server and the returned token is kept as accessToken. */
export function storeAccessToken(email: string): Promise<string> {
  const pending = inFlight.get(email);
  if (pending) return pending;
  const request = apiRequest<{ token: string }>('PUT', `/api/user/${encodeURIComponent(email)}`, {
    email,
  })
    .then(({ token }) => {
      saveAccessToken(token);
      return token;
    })
    .finally(() => inFlight.delete(email));
  inFlight.set(email, request);
  return request;
}

/** Reads the token's own claims (no verification: the server does that) to tell whether it still fits. */
function tokenFits(token: string, email: string): boolean {
  try {
    const payload = token.split('.')[1];
    if (!payload) return false;
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as {
      email?: unknown;
      exp?: unknown;
    };
    const sameUser =
      typeof claims.email === 'string' && claims.email.toLowerCase() === email.toLowerCase();
    const fresh =
      typeof claims.exp === 'number' && claims.exp * 1000 - RENEW_BEFORE_MS > Date.now();
    return sameUser && fresh;
  } catch {
    return false;
  }
}

/**
 * Keeps the stored accessToken in step with the session: fetched after a sign-in that came back through a redirect
 * (Google), renewed when it is about to expire or names another account, and dropped once the session is gone.
 */
export function AccessTokenSync() {
  const { data, status } = useSession();
  // A session that still owes its two-factor code names nobody yet: the API would answer 401.
  const email = data?.twoFactorPending ? null : (data?.user?.email ?? null);

  useEffect(() => {
    if (status === 'unauthenticated') {
      clearAccessToken();
      return;
    }
    if (status !== 'authenticated' || !email) return;

    const sync = () => {
      const stored = window.localStorage.getItem(ACCESS_TOKEN_KEY);
      if (stored && tokenFits(stored, email)) return;
      storeAccessToken(email).catch((error: unknown) =>
        console.error('Could not fetch the access token', error),
      );
    };
    sync();
    const onVisible = () => {
      if (document.visibilityState === 'visible') sync();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [status, email]);

  return null;
}
