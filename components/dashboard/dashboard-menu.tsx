'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import type { DashboardMenuItem } from '@/config/routes';

const isActive = (pathname: string, { href, alsoActiveUnder }: DashboardMenuItem) =>
  href === '/dashboard'
    ? pathname === href
    : pathname === href ||
      pathname.startsWith(`${href}/`) ||
      (alsoActiveUnder !== undefined && pathname.startsWith(alsoActiveUnder));

export function DashboardMenu({ items }: { items: DashboardMenuItem[] }) {
  const pathname = usePathname();
  return (
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
  );
}
