import { NextResponse, type NextRequest } from 'next/server';
import { auth } from '@/lib/auth';
import { isAdminPath } from '@/lib/routes';

// First line of the gates (DESIGN §3): pages and services check again on the server.
export async function proxy(request: NextRequest) {
  const session = await auth();
  const { pathname, search } = request.nextUrl;
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
  matcher: ['/tools/:path*', '/addreview', '/dashboard/:path*', '/dashboard'],
};
