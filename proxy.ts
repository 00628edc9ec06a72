import { NextResponse, type NextRequest } from 'next/server';
import { isHomeRoutePath, isProtectedPath, isRenderedPerRequest } from '@/config/routes';
import { sessionToken } from '@/lib/auth/session-cookie';
import { clientRequest } from '@/lib/client-request';
import { applySecurityHeaders, newNonce, nonceCsp } from '@/lib/security-headers';
import { isCodeOwed, isSecondFactorPending } from '@/lib/two-factor';

/** Next's router answers a path it cannot percent-decode (`/api/tools/%zz`) with a bare 500: refuse it first. */
function isUndecodable(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return false;
  } catch {
    return true;
  }
}

function refuseUndecodable(request: NextRequest): NextResponse {
  if (request.nextUrl.pathname.startsWith('/api/')) {
    return NextResponse.json(
      { error: { code: 'bad_request', message: 'The address is not correctly encoded' } },
      { status: 400 },
    );
  }
  // Any path no route matches renders the not-found page with a 404.
  return NextResponse.rewrite(new URL('/_undecodable-path', request.url));
}

export async function proxy(request: NextRequest) {
  // A page rendered per request gets a nonce for its scripts (lib/security-headers.ts); the cached home page can not.
  const nonce = isRenderedPerRequest(request.nextUrl.pathname) ? newNonce() : undefined;
  const response = await gate(request, nonce);
  applySecurityHeaders(response.headers, nonce);
  return response;
}

const CREDENTIAL_PARAMS = ['password', 'email', 'name'];

const PUNCHOUT_ENTRIES = ['/punchout/cxml', '/punchout/cxml/order', '/punchout/oci'];

/**
 * A login or sign-up form submitted as GET by some old copy of the page put the password in the address: send the
 * browser to the same page without it, so it leaves the address bar and is never rendered back.
 */
function dropCredentials(request: NextRequest): NextResponse | null {
  const { pathname, searchParams } = request.nextUrl;
  if ((pathname !== '/login' && pathname !== '/signup') || !searchParams.has('password'))
    return null;
  const clean = request.nextUrl.clone();
  for (const name of CREDENTIAL_PARAMS) clean.searchParams.delete(name);
  return NextResponse.redirect(clean, 303);
}

/**
 * A POST to a page is a server action (the no-script sign-in and sign-up forms). Browsers name the page that sent
 * it in Origin, and no page of another site may sign a visitor in or up here (login CSRF): refused before Next's own
 * check, which answers a bare 500.
 */
function isCrossSitePagePost(request: NextRequest): boolean {
  const { pathname } = request.nextUrl;
  if (request.method !== 'POST' || pathname.startsWith('/api/')) return false;
  // Punch-out's entries are posted by procurement systems (SAP's OCI form comes from SAP's page) and carry their own
  // credentials, not a cookie of this site.
  if (PUNCHOUT_ENTRIES.includes(pathname)) return false;
  const origin = request.headers.get('origin');
  if (origin === null) return false;
  const { host } = clientRequest(request.headers);
  try {
    return new URL(origin).host !== host;
  } catch {
    return true;
  }
}

// First line of the gates (docs/ARCHITECTURE.md, Layers): pages and services check again on the server.
async function gate(request: NextRequest, nonce: string | undefined): Promise<NextResponse> {
  const { pathname, search } = request.nextUrl;
  if (isUndecodable(pathname)) return refuseUndecodable(request);
  // next.config.ts rewrites '/' to the home page's cached route after this proxy has run: a request that names that
  // route itself came from outside, and is sent to the one address.
  if (isHomeRoutePath(pathname)) return NextResponse.redirect(new URL('/', request.url), 308);
  if (isCrossSitePagePost(request)) {
    return NextResponse.json(
      {
        error: { code: 'forbidden', message: 'Forms of this site can only be sent from this site' },
      },
      { status: 403 },
    );
  }
  const withoutCredentials = dropCredentials(request);
  if (withoutCredentials) return withoutCredentials;
  if (!isProtectedPath(pathname)) return carryingNonce(request, nonce);
  // The cookie alone, without reading the account: the page reads it once, for its layout and itself, and turns a
  // removed, disabled, signed-out or non-admin caller away (lib/auth/page-guards.ts).
  const token = await sessionToken(request);
  // Signed in with a first factor only: the code step before anything else (lib/two-factor/session.ts).
  if (isCodeOwed(token)) {
    const codeStep = new URL('/two-factor', request.url);
    codeStep.searchParams.set('from', pathname + search);
    return NextResponse.redirect(codeStep);
  }
  if (!token || isSecondFactorPending(token)) {
    const login = new URL('/login', request.url);
    login.searchParams.set('from', pathname + search);
    return NextResponse.redirect(login);
  }
  return carryingNonce(request, nonce);
}

/** On to Next, with the CSP and its nonce on the request when the page has one: Next puts it on its scripts. */
function carryingNonce(request: NextRequest, nonce: string | undefined): NextResponse {
  if (!nonce) return NextResponse.next();
  const headers = new Headers(request.headers);
  headers.set('Content-Security-Policy', nonceCsp(nonce));
  return NextResponse.next({ request: { headers } });
}

/**
 * Every path, so that every response carries the run-time security headers, except the busiest calls of the REST
 * API: for a POST the proxy costs Next's middleware adapter and a buffered copy of the body, about a fifth of an
 * order's placement (docs/PERFORMANCE.md). Their handlers' route() sets the same headers, and none of
 * the gates above concerns them (each is an exact path that always decodes, and no page). Nor the punch-out transfer,
 * whose page sets its own CSP (a form to the procurement system) and checks its form's origin itself.
 */
export const config = {
  matcher: '/((?!api/order$)(?!api/checkout$)(?!api/cart$)(?!api/tools$)(?!punchout/transfer$).*)',
};
