'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import type { DashboardMenuItem } from '@/config/dashboard-menu';

const isActive = (pathname: string, href: string) =>
  href === '/dashboard' ? pathname === href : pathname === href || pathname.startsWith(`${href}/`);

export function DashboardMenu({ items }: { items: DashboardMenuItem[] }) {
  const pathname = usePathname();
  return (
    <ul className="menu w-full gap-1 text-base">
      {items.map(({ href, label }) => {
        const active = isActive(pathname, href);
        return (
          <li key={href}>
            <Link
              href={href}
              className={active ? 'menu-active' : undefined}
              aria-current={active ? 'page' : undefined}
            >
              {label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
