// @ts-check
// A request's route for logs and metrics: ids, emails and file names folded, so that labels stay few.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * @param {string} pathname
 * @returns {string}
 */
export function routeLabel(pathname) {
  if (pathname.startsWith('/_next/static/')) return '/_next/static';
  if (pathname.startsWith('/_next/image')) return '/_next/image';
  if (pathname.startsWith('/images/')) return '/images';
  const segments = pathname.split('/').map((segment) => {
    if (UUID.test(segment)) return ':id';
    if (segment.includes('@') || segment.includes('%40')) return ':email';
    return segment;
  });
  // The REST contract's one-key routes (/api/order/{email or id}, /api/user/{email or id}) and the tool pages.
  const label = segments.join('/') || '/';
  return label.length > 80 ? `${label.slice(0, 80)}…` : label;
}
