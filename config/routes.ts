import type { Route } from 'next';
import type { Role } from '@/lib/types';

// The site's map in one place: the links the navbar and footer show, the dashboard's menu, and which paths need a
// signed-in visitor or an admin. proxy.ts and the pages' guards (lib/auth/page-guards.ts) enforce the last two.

export interface SiteLink {
  href: Route;
  label: string;
}

/** The public site's pages in the navbar, the phone menu and the footer (which adds Home): the catalogue first. */
export const SITE_LINKS: SiteLink[] = [
  { href: '/tools', label: 'Catalogue' },
  { href: '/portfolio', label: 'Portfolio' },
  { href: '/blog', label: 'Blogs' },
  { href: '/quick-order', label: 'Quick order' },
];

export interface DashboardMenuItem extends SiteLink {
  /** Other pages that belong to this item (the payment page is part of My Orders). */
  alsoActiveUnder?: string;
}

// Labels verbatim (docs/PRODUCT.md, The dashboard). Admins manage the shop; customers see their own orders and reviews.
const PROFILE: DashboardMenuItem = { href: '/dashboard', label: 'My Profile' };

const CUSTOMER_ITEMS: DashboardMenuItem[] = [
  { href: '/dashboard/myorder', label: 'My Orders', alsoActiveUnder: '/dashboard/payment/' },
  { href: '/dashboard/quotes', label: 'My Quotes' },
  { href: '/dashboard/lists', label: 'My Lists' },
  { href: '/dashboard/company', label: 'Company' },
  { href: '/dashboard/addreview', label: 'Add My Reviews' },
];

/** Every admin screen is one of these or below one (/dashboard/manageproduct/{id}). */
const ADMIN_ITEMS: DashboardMenuItem[] = [
  { href: '/dashboard/manageproduct', label: 'Manage All Products' },
  { href: '/dashboard/manageorder', label: 'Manage All Orders' },
  { href: '/dashboard/quotes', label: 'Quotes' },
  { href: '/dashboard/addproduct', label: 'Add New Products' },
  { href: '/dashboard/manageuser', label: 'Manage All User' },
  { href: '/dashboard/companies', label: 'Companies' },
  { href: '/dashboard/mail', label: 'Outgoing mail' },
  { href: '/dashboard/analytics', label: 'Analytics' },
  { href: '/dashboard/audit', label: 'Audit log' },
];

export function dashboardMenuFor(role: Role): DashboardMenuItem[] {
  return [PROFILE, ...(role === 'admin' ? ADMIN_ITEMS : CUSTOMER_ITEMS)];
}

/**
 * Paths under these need a signed-in visitor: the tool pages (ordering), adding a review, the dashboard, checkout. The
 * cart and quick order are open to visitors (a guest cart, docs/PRODUCT.md); checking out asks for an account.
 */
const SIGNED_IN_PREFIXES = ['/tools/', '/addreview', '/dashboard', '/checkout'];
// The catalogue's link preview lives under /tools/ beside the tool pages, and crawlers fetch it signed out.
const PUBLIC_EXCEPTIONS = new Set(['/tools/opengraph-image']);

const isAtOrBelow = (pathname: string, href: string) =>
  pathname === href || pathname.startsWith(`${href}/`);

export const isProtectedPath = (pathname: string) =>
  !PUBLIC_EXCEPTIONS.has(pathname) &&
  SIGNED_IN_PREFIXES.some((prefix) => pathname.startsWith(prefix));

/**
 * The public pages rendered per request (every page but the home page, whose cached HTML is shared by every visitor):
 * with the signed-in ones, their scripts can carry a per-request nonce (proxy.ts, lib/security-headers.ts).
 */
const RENDERED_PER_REQUEST_PUBLIC = [
  '/tools',
  '/cart',
  '/quick-order',
  '/products',
  '/blog',
  '/portfolio',
  '/login',
  '/signup',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
  '/email-link',
  '/two-factor',
  '/punchout',
];

/** Whether this page's HTML is made for this one request, so that its scripts can carry a nonce. */
export const isRenderedPerRequest = (pathname: string) =>
  (isProtectedPath(pathname) ||
    RENDERED_PER_REQUEST_PUBLIC.some((href) => isAtOrBelow(pathname, href))) &&
  !pathname.endsWith('/opengraph-image');

/** The cached home page route that '/' is rewritten to (next.config.ts; app/(site)/(marketing)/README.md says why). */
export const HOME_EDITION = 'default';
export const HOME_ROUTE = `/home/${HOME_EDITION}`;

/** A path naming the home page's cached route itself: the home page has one public address, '/'. */
export const isHomeRoutePath = (pathname: string) => isAtOrBelow(pathname, '/home');
