import type { Metadata } from 'next';
import { AcceptInvitation } from '@/components/companies/accept-invitation';
import { PageHeader } from '@/components/ui/page-header';
import { requirePageActor } from '@/lib/auth/page-guards';

export const metadata: Metadata = { title: 'Join a company' };

/**
 * The invitation's link: after signing in (or up) with the invited address, the account accepts and joins. The token
 * stays in the page's address through sign-in, and the server checks it and the address when it is accepted.
 */
export default async function JoinCompanyPage({
  searchParams,
}: PageProps<'/dashboard/company/join'>) {
  const { token } = await searchParams;
  const link = typeof token === 'string' ? token : '';
  const actor = await requirePageActor(`/dashboard/company/join?token=${encodeURIComponent(link)}`);
  return (
    <section aria-labelledby="join-title" className="flex max-w-xl flex-col gap-4">
      <PageHeader
        id="join-title"
        title="Join a company"
        description={`You were invited to buy for a company. You are signed in as ${actor.email}: the invitation works only for the address it was sent to.`}
      />
      {link ? (
        <AcceptInvitation token={link} />
      ) : (
        <p role="alert">This invitation link is not valid or has expired</p>
      )}
    </section>
  );
}
