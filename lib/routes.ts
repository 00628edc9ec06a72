import type { Route } from 'next';

// Stands in for the shop's own origin when a return path is resolved the way a browser would.
const OWN_ORIGIN = 'http://shop.invalid';

/**
 * Where to go after logging in: only a path on this site, never an open redirect to another origin. The path is
 * resolved as a browser would resolve it (which drops tabs and line breaks and reads `\` as `/`, so `/\t/evil`
 * means `//evil`), and what is returned is the resolved path, never the raw text.
 */
export function safeReturnPath(from: string | null | undefined): Route {
  if (!from?.startsWith('/')) return '/';
  let url: URL;
  try {
    url = new URL(from, OWN_ORIGIN);
  } catch {
    return '/';
  }
  // A path that resolves to `//host` would leave the site again when used as a redirect target.
  if (url.origin !== OWN_ORIGIN || url.pathname.startsWith('//')) return '/';
  // Any path of this site, which only the request names: no route type can list it in advance.
  return `${url.pathname}${url.search}${url.hash}` as Route;
}
