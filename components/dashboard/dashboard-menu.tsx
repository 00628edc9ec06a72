'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import type { DashboardMenuItem } from '@/config/dashboard-menu';

const isActive = (pathname: string, { href, alsoActiveUnder }: DashboardMenuItem) =>
  href === '/dashboard'
    ? pathname === href
    : pathname === href ||
      pathname.startsWith(`${href}/`) ||
      (alsoActiveUnder !== undefined && pathname.startsWith(alsoActiveUnder));

export function DashboardMenu({
  items,
  siteLinks,
}: {
  items: DashboardMenuItem[];
  /** The site's own pages, for phones, where this drawer is the screen's only menu. */
  siteLinks: readonly { href: string; label: string }[];
}) {
  const pathname = usePathname();
  return (
    <>
      <ul className="menu w-full gap-1 text-base">
        {items.map((item) => {
          const active = isActive(pathname, item);
          return (
            <li key={item.href}>
              <Link
                href={item.href}
                className={active ? 'menu-active bg-primary! text-primary-content!' : undefined}
                aria-current={active ? 'page' : undefined}
              >
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
      <ul aria-label="Site" className="menu w-full gap-1 border-t border-base-300 pt-2 sm:hidden">
        {siteLinks.map((link) => (
          <li key={link.href}>
            <Link href={link.href}>{link.label}</Link>
          </li>
        ))}
      </ul>
    </>
  );
}
