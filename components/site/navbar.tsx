import Link from 'next/link';
import { NavbarSearch } from '@/components/catalogue/navbar-search';
import { SITE_LINKS } from '@/config/routes';
import { NavAuthLinks } from './nav-auth-links';

function NavLinks() {
  return SITE_LINKS.map((link) => (
    <li key={link.href}>
      <Link href={link.href}>{link.label}</Link>
    </li>
  ));
}

/** The site's links inside the dashboard drawer on phones, below the dashboard's own menu. */
export function SiteMenu() {
  return (
    <nav aria-label="Site" className="mt-2 border-t border-base-300 pt-2 sm:hidden">
      <NavbarSearch variant="menu" />
      <ul className="menu w-full gap-1">
        <NavLinks />
      </ul>
    </nav>
  );
}

/**
 * `siteMenu={false}` leaves out the phone menu button: the dashboard's drawer carries the site's links there, so a
 * phone screen never shows two menu buttons. `signedIn`: the page has read its visitor's account on the server (the
 * dashboard), so the navbar starts signed in instead of showing Log In until the browser has read the session.
 */
export function Navbar({
  siteMenu = true,
  signedIn = false,
}: {
  siteMenu?: boolean;
  signedIn?: boolean;
}) {
  return (
    <header className="border-b border-base-300 bg-base-100">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-base-100 focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <nav aria-label="Main" className="navbar mx-auto max-w-6xl px-2 sm:px-4">
        <div className="navbar-start gap-1 max-sm:w-auto lg:w-auto lg:flex-1">
          {siteMenu && (
            <details className="dropdown sm:hidden" data-nav-menu>
              <summary className="btn btn-ghost btn-square">
                <svg viewBox="0 0 24 24" className="size-6" aria-hidden="true">
                  <path
                    d="M4 6h16M4 12h16M4 18h16"
                    stroke="currentColor"
                    strokeWidth="2"
                    strokeLinecap="round"
                  />
                </svg>
                <span className="sr-only">Menu</span>
              </summary>
              <div className="dropdown-content z-20 mt-2 w-72 max-w-[calc(100vw-1rem)] rounded-box border border-base-300 bg-base-100 p-2 shadow-lg">
                <NavbarSearch variant="menu" />
                <ul className="menu w-full gap-1">
                  <NavLinks />
                </ul>
              </div>
            </details>
          )}
          <Link href="/" className="btn btn-ghost gap-1.5 px-2 text-lg font-extrabold sm:text-xl">
            <svg viewBox="0 0 32 32" className="size-7" aria-hidden="true">
              <rect width="32" height="32" rx="7" className="fill-primary" />
              <path
                d="M20.5 6.5a5.5 5.5 0 0 0-5.2 7.3L7.6 21.5a2.3 2.3 0 0 0 3.2 3.2l7.7-7.7a5.5 5.5 0 0 0 7.1-6.6l-3.3 3.3-2.9-.6-.6-2.9 3.3-3.3a5.5 5.5 0 0 0-1.6-.4z"
                fill="#fff"
              />
            </svg>
            {/* On a phone the mark alone: the cart link needs the room beside Dashboard and Sign Out. */}
            <span className="max-[480px]:sr-only">Toolhaus</span>
          </Link>
        </div>
        <div className="navbar-center hidden sm:flex">
          <ul className="menu menu-horizontal gap-1 px-1">
            <NavLinks />
          </ul>
        </div>
        {/* daisyUI gives each end half the bar; on a phone the cart, Dashboard and Sign Out need more, and from lg up
            the search beside them too, so there the logo's side gives way instead. */}
        <div className="navbar-end gap-2 max-sm:w-auto max-sm:flex-1 lg:w-auto lg:flex-none">
          <NavbarSearch />
          <NavAuthLinks signedInAtFirst={signedIn} />
        </div>
      </nav>
    </header>
  );
}
