import { clientRequest } from '@/lib/client-request';
import { getDb } from '@/lib/db/client';
import type { PunchoutSession } from '@/lib/db/schema';
import { applySecurityHeaders } from '@/lib/security-headers';
import { originOfHeaders } from '@/lib/site-origin';
import { SESSION_ENDED } from './page-texts';
import { PUNCHOUT_COOKIE, SESSION_HOURS, sessionOfCookie } from './sessions';

// The browser's side of a punch-out session: its cookie (HttpOnly, SameSite=Lax so no other site's form carries it,
// only under /punchout so it never reaches the shop's own pages), and the way each step answers.

export const requestOrigin = (request: Request) =>
  originOfHeaders(request.headers, new URL(request.url).host);

function cookieOf(request: Request): string | undefined {
  const header = request.headers.get('cookie') ?? '';
  for (const part of header.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === PUNCHOUT_COOKIE) return value.join('=');
  }
  return undefined;
}

const sessionOfRequest = (request: Request): Promise<PunchoutSession | null> =>
  sessionOfCookie(getDb(), cookieOf(request));

/** A see-other to `path`, with the session's cookie when one was just entered. */
export function redirectTo(request: Request, path: string, browserToken?: string): Response {
  const origin = requestOrigin(request);
  const response = new Response(null, { status: 303, headers: { Location: `${origin}${path}` } });
  if (browserToken) {
    const secure = origin.startsWith('https:') ? '; Secure' : '';
    response.headers.append(
      'Set-Cookie',
      `${PUNCHOUT_COOKIE}=${browserToken}; Path=/punchout; HttpOnly; SameSite=Lax; Max-Age=${SESSION_HOURS * 3600}${secure}`,
    );
  }
  applySecurityHeaders(response.headers);
  return response;
}

/** The cart's forms come from the shop's own page: a post another site's page made is refused. */
function isSameSiteForm(request: Request): boolean {
  const origin = request.headers.get('origin');
  if (origin === null) return true;
  try {
    return new URL(origin).host === clientRequest(request.headers).host;
  } catch {
    return false;
  }
}

/**
 * The session a punch-out form was posted in, or the page that refuses it: a form from another site (403), or no
 * session (401, ended or never opened here).
 */
export async function formSession(request: Request): Promise<PunchoutSession | Response> {
  if (!isSameSiteForm(request))
    return punchoutNotice(403, 'Forms of this site can only be sent from this site');
  return (await sessionOfRequest(request)) ?? punchoutNotice(401, SESSION_ENDED);
}

/** A step the browser can not take: a short page that says why and what to do, with its status. */
export function punchoutNotice(status: number, message: string): Response {
  const response = new Response(
    `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Punch-out</title>` +
      `<meta name="viewport" content="width=device-width, initial-scale=1"></head>` +
      `<body style="font-family:system-ui,sans-serif;margin:2rem;max-width:40rem"><h1>Punch-out</h1>` +
      `<p>${message.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`)}</p></body></html>`,
    {
      status,
      headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
    },
  );
  applySecurityHeaders(response.headers);
  return response;
}
