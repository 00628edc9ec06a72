'use client';

import type { Route } from 'next';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useSession } from 'next-auth/react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { replaceDocumentWith } from '@/components/auth/identity-navigation';
import { signOutCompletely } from '@/components/auth/sign-out';
import { CartLink } from '@/components/cart/cart-link';
import { isProtectedPath } from '@/config/routes';

/** Log In remembers the page it was clicked on (the login page returns there). */
function loginHref(pathname: string): Route {
  if (pathname === '/' || pathname === '/login' || pathname === '/signup') return '/login';
  return `/login?from=${encodeURIComponent(pathname)}`;
}

/**
 * The session-dependent end of the navbar: Log In, or Dashboard + Sign Out. `signedInAtFirst`: what to show until the
 * browser has read the session, when the server knows (a dashboard page is only rendered for a signed-in visitor).
 */
export function NavAuthLinks({ signedInAtFirst = false }: { signedInAtFirst?: boolean }) {
  const { status, data } = useSession();
  const pathname = usePathname();
  const [signingOut, setSigningOut] = useState(false);

  // The navbar's mobile menu is a server-rendered <details>; the layout survives client navigations,
  // so this (the navbar's only client island) closes it when the route changes.
  useEffect(() => {
    document
      .querySelectorAll('details[data-nav-menu][open]')
      .forEach((menu) => menu.removeAttribute('open'));
  }, [pathname]);

  async function handleSignOut() {
    setSigningOut(true);
    try {
      await signOutCompletely();
      // Back to the page the user was on (docs/PRODUCT.md, Screens and routes), unless that page needs a session.
      replaceDocumentWith(isProtectedPath(pathname) ? '/' : pathname);
    } catch (error) {
      console.error('Sign out failed', error);
      toast.error('Could not sign out. Please try again.');
      setSigningOut(false);
    }
  }

  // A session that still owes its two-factor code is not signed in yet (Log In leads to the code step). While signing
  // out, the signed-in end stays (Sign Out disabled) until the page is replaced: a Log In shown in between would
  // start a navigation that the replacement then overtakes.
  const signedIn =
    signingOut ||
    (status === 'loading'
      ? signedInAtFirst
      : status === 'authenticated' && !data?.twoFactorPending);

  // Both states share one grid cell, the hidden one as a placeholder of the same size: the served HTML (cached, the
  // same for everyone, read by visitors without scripts and by crawlers) has Log In, and the swap to Dashboard and
  // Sign Out once the session is known moves nothing around it.
  // The cart link is in both (a visitor's cart lives under a cookie until they sign in), beside the slot's links.
  return (
    <div className="grid">
      <AuthSlot shown={!signedIn}>
        {signedIn ? (
          <>
            <CartPlaceholder />
            <span className="btn btn-primary btn-sm px-2 sm:px-3">Log In</span>
          </>
        ) : (
          <>
            <CartLink />
            <Link href={loginHref(pathname)} className="btn btn-primary btn-sm px-2 sm:px-3">
              Log In
            </Link>
          </>
        )}
      </AuthSlot>
      <AuthSlot shown={signedIn}>
        {signedIn ? (
          <>
            <CartLink />
            {/* Never prefetched: what /dashboard answers depends on who is signed in when it is opened. */}
            <Link href="/dashboard" prefetch={false} className="btn btn-ghost btn-sm px-2 sm:px-3">
              Dashboard
            </Link>
            <button
              type="button"
              className="btn btn-outline btn-sm px-2 sm:px-3"
              onClick={handleSignOut}
              disabled={signingOut}
            >
              Sign Out
            </button>
          </>
        ) : (
          <>
            <CartPlaceholder />
            <span className="btn btn-ghost btn-sm px-2 sm:px-3">Dashboard</span>
            <span className="btn btn-outline btn-sm px-2 sm:px-3">Sign Out</span>
          </>
        )}
      </AuthSlot>
    </div>
  );
}

/** The cart link's size in the slot not shown (one live cart link at a time: one badge, one toast). */
function CartPlaceholder() {
  return (
    <span className="btn btn-ghost btn-sm gap-1 px-2">
      <span className="size-5" />
      <span className="badge badge-primary badge-sm">0</span>
    </span>
  );
}

/** One state of the navbar's end; the one not shown keeps its size, invisible and out of reach. */
function AuthSlot({ shown, children }: { shown: boolean; children: React.ReactNode }) {
  return (
    <div
      className={`col-start-1 row-start-1 flex items-center justify-end gap-1 ${shown ? '' : 'invisible'}`}
      aria-hidden={shown ? undefined : true}
    >
      {children}
    </div>
  );
}
