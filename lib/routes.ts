const ADMIN_SEGMENTS = ['manageproduct', 'manageorder', 'addproduct', 'manageuser'];

export const isAdminPath = (pathname: string) =>
  ADMIN_SEGMENTS.some(
    (segment) =>
      pathname === `/dashboard/${segment}` || pathname.startsWith(`/dashboard/${segment}/`),
  );

const PROTECTED_PREFIXES = ['/tools/', '/addreview', '/dashboard'];

export const isProtectedPath = (pathname: string) =>
  PROTECTED_PREFIXES.some((prefix) => pathname.startsWith(prefix));

/** Where to go after logging in: only a same-site path, never an open redirect to another origin. */
export function safeReturnPath(from: string | null | undefined): string {
  if (!from || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) return '/';
  return from;
}

/** The cached home page route that '/' is rewritten to (next.config.ts). */
export const HOME_EDITION = 'default';
export const HOME_ROUTE = `/home/${HOME_EDITION}`;

/** The shop's public origin for canonical links, robots.txt and the sitemap: Auth.js's own AUTH_URL when set. */
export const SITE_URL = process.env.AUTH_URL ?? 'http://localhost:3000';
