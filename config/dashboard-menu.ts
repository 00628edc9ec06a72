import type { Role } from '@/lib/types';

export interface DashboardMenuItem {
  href: string;
  label: string;
  /** Other pages that belong to this item (the payment page is part of My Orders). */
  alsoActiveUnder?: string;
}

// SPEC §2: labels verbatim. Admins manage the shop; customers see their own orders and reviews.
const PROFILE: DashboardMenuItem = { href: '/dashboard', label: 'My Profile' };

const CUSTOMER_ITEMS: DashboardMenuItem[] = [
  { href: '/dashboard/myorder', label: 'My Orders', alsoActiveUnder: '/dashboard/payment/' },
  { href: '/dashboard/addreview', label: 'Add My Reviews' },
];

const ADMIN_ITEMS: DashboardMenuItem[] = [
  { href: '/dashboard/manageproduct', label: 'Manage All Products' },
  { href: '/dashboard/manageorder', label: 'Manage All Orders' },
  { href: '/dashboard/addproduct', label: 'Add New Products' },
  { href: '/dashboard/manageuser', label: 'Manage All User' },
  { href: '/dashboard/mail', label: 'Outgoing mail' },
];

export function dashboardMenuFor(role: Role): DashboardMenuItem[] {
  return [PROFILE, ...(role === 'admin' ? ADMIN_ITEMS : CUSTOMER_ITEMS)];
}
