import { NextResponse, type NextRequest } from 'next/server';
import { auth } from '@/lib/auth';
import { isAdminPath, isProtectedPath } from '@/lib/routes';

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

// First line of the gates (DESIGN §3): pages and services check again on the server.
export async function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  if (isUndecodable(pathname)) return refuseUndecodable(request);
  if (!isProtectedPath(pathname)) return NextResponse.next();
  const session = await auth();
  if (!session?.user) {
    const login = new URL('/login', request.url);
    login.searchParams.set('from', pathname + search);
    return NextResponse.redirect(login);
  }
  if (isAdminPath(pathname) && session.user.role !== 'admin') {
    return NextResponse.redirect(new URL('/dashboard', request.url));
  }
  return NextResponse.next();
}

export const config = {
  matcher: [
    '/tools/:path*',
    '/addreview',
    '/dashboard',
    '/dashboard/:path*',
    // Only a percent sign not followed by an ASCII byte (%00-%7F, which always decodes) can make a path
    // undecodable: encoded emails (`%40`) and the rest of /api never pay for the proxy.
    '/:path(.*%(?![0-7][0-9a-fA-F]).*)',
  ],
};
