import type { Metadata } from 'next';
import { DashboardDrawer } from '@/components/dashboard/dashboard-drawer';
import { DashboardMenu } from '@/components/dashboard/dashboard-menu';
import { Footer } from '@/components/site/footer';
import { Navbar, SiteMenu } from '@/components/site/navbar';
import { dashboardMenuFor } from '@/config/routes';
import { requirePageActor } from '@/lib/auth/page-guards';

export const metadata: Metadata = {
  title: { default: 'Dashboard', template: '%s | Dashboard | Toolhaus' },
  robots: { index: false, follow: false },
};

export default async function DashboardLayout({ children }: LayoutProps<'/dashboard'>) {
  const actor = await requirePageActor('/dashboard');
  // The menu follows the role stored in the database (read into the session), never a client-side check.
  const items = dashboardMenuFor(actor.role);
  return (
    <div className="flex min-h-screen flex-col">
      {/* requirePageActor has read the account: the navbar need not wait for the browser's session read. */}
      <Navbar siteMenu={false} signedIn />
      <DashboardDrawer menu={<DashboardMenu items={items} />} siteMenu={<SiteMenu />}>
        {children}
      </DashboardDrawer>
      <Footer />
    </div>
  );
}
