'use client';

import type { Route } from 'next';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useSession } from 'next-auth/react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { replaceDocumentWith } from '@/components/auth/identity-navigation';
import { signOutCompletely } from '@/components/auth/sign-out';
import { isProtectedPath } from '@/config/routes';

/** Log In remembers the page it was clicked on (the login page returns there). */
function loginHref(pathname: string): Route {
  if (pathname === '/' || pathname === '/login' || pathname === '/signup') return '/login';
  return `/login?from=${encodeURIComponent(pathname)}`;
}

/** The session-dependent end of the navbar: Dashboard + Sign Out, or Log In. */
export function NavAuthLinks() {
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

  if (status === 'loading') {
    // Same box as the Log In button so the navbar does not shift when the session arrives.
    return (
      <span className="btn btn-sm invisible px-2 sm:px-3" aria-hidden="true">
        Log In
      </span>
    );
  }

  // A session that still owes its two-factor code is not signed in yet (Log In leads to the code step).
  if (status === 'unauthenticated' || data?.twoFactorPending) {
    return (
      <Link href={loginHref(pathname)} className="btn btn-primary btn-sm px-2 sm:px-3">
        Log In
      </Link>
    );
  }

  return (
    <div className="flex items-center gap-1">
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
    </div>
  );
}
