import { NextRequest } from 'next/server';
import * as authRoute from '@/app/api/auth/[...nextauth]/route';

// Signing in through Auth.js's own route handler, in-process, the way a browser does: the CSRF cookie and token,
// then the form POST to a provider's callback, whose redirect says how it went and whose cookies hold the session.

const ORIGIN = 'http://localhost';

/** The cookies one browser holds, sent back on its next requests. */
export function browser() {
  const cookies = new Map<string, string>();
  return {
    take(response: Response) {
      for (const line of response.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const split = pair.indexOf('=');
        const value = pair.slice(split + 1);
        if (value && !/max-age=0/i.test(line)) cookies.set(pair.slice(0, split), value);
        else cookies.delete(pair.slice(0, split));
      }
    },
    get cookie() {
      return [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    },
    hasSession: () => [...cookies.keys()].some((name) => name.endsWith('session-token')),
  };
}
export type Browser = ReturnType<typeof browser>;

/** How a sign-in went: signed in, or the `code` Auth.js put in the redirect (locked, invalid_link…). */
export interface SignInResult {
  signedIn: boolean;
  error: string | null;
  code: string | null;
}

/** POSTs a provider's callback form (`credentials`, `email-link`) from `client` at `ip`. */
export async function signInWith(
  client: Browser,
  provider: 'credentials' | 'email-link',
  fields: Record<string, string>,
  ip = '192.0.2.10',
): Promise<SignInResult> {
  const csrf = await authRoute.GET(
    new NextRequest(`${ORIGIN}/api/auth/csrf`, { headers: { cookie: client.cookie } }),
  );
  client.take(csrf);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await authRoute.POST(
    new NextRequest(`${ORIGIN}/api/auth/callback/${provider}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        cookie: client.cookie,
        'x-forwarded-for': ip,
      },
      body: new URLSearchParams({ ...fields, csrfToken, callbackUrl: `${ORIGIN}/` }).toString(),
    }),
  );
  client.take(response);
  const location = new URL(response.headers.get('location') ?? '/', ORIGIN);
  const error = location.searchParams.get('error');
  return {
    signedIn: !error && client.hasSession(),
    error,
    code: location.searchParams.get('code'),
  };
}
