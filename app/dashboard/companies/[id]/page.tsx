import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { CompanyOrdersTable } from '@/components/companies/company-orders-table';
import { CompanyTermsButton } from '@/components/companies/company-terms-button';
import { Price } from '@/components/price';
import { PageHeader } from '@/components/ui/page-header';
import { requirePageAdmin } from '@/lib/auth/page-guards';
import { getCompanyForAdmin } from '@/lib/companies/admin';
import { AppError } from '@/lib/errors';
import { formatUsd } from '@/lib/format';

export const metadata: Metadata = { title: 'Company' };

/** One company (admins): details, members, terms and credit used, and its latest orders. */
export default async function AdminCompanyPage({ params }: PageProps<'/dashboard/companies/[id]'>) {
  const { id } = await params;
  const actor = await requirePageAdmin(`/dashboard/companies/${id}`);
  const { company, orders } = await getCompanyForAdmin(actor, id).catch((error: unknown) => {
    if (error instanceof AppError && error.status === 404) notFound();
    throw error;
  });
  const terms =
    company.terms && company.creditLimit !== null
      ? { netDays: company.terms.netDays, creditLimit: company.creditLimit }
      : null;
  return (
    <section aria-labelledby="company-title" className="flex flex-col gap-6">
      <PageHeader
        id="company-title"
        title={company.name}
        back={{ href: '/dashboard/companies', label: 'Back to Companies' }}
      />
      <dl className="grid max-w-2xl grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-medium">VAT or tax id</dt>
        <dd>{company.taxId ?? 'None'}</dd>
        <dt className="font-medium">Billing address</dt>
        <dd>{company.billingAddress ?? 'None'}</dd>
        <dt className="font-medium">Credit used</dt>
        <dd>{formatUsd(company.creditUsed)}</dd>
        <dt className="font-medium">Terms</dt>
        <dd>
          <CompanyTermsButton companyId={company.companyId} name={company.name} terms={terms} />
        </dd>
      </dl>
      <section aria-labelledby="members-title" className="flex flex-col gap-2">
        <h3 id="members-title" className="text-xl font-semibold">
          Members
        </h3>
        <ul className="flex flex-col gap-1">
          {company.members.map((member) => (
            <li key={member.userId}>
              <span className="font-semibold">{member.name ?? member.email}</span> ({member.email}),{' '}
              {member.role}
              {member.role === 'buyer' && member.spendingLimit !== null && (
                <>
                  , limit <Price amount={member.spendingLimit} />
                </>
              )}
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="orders-title" className="flex flex-col gap-2">
        <h3 id="orders-title" className="text-xl font-semibold">
          Orders
        </h3>
        {orders.length === 0 ? <p>No orders yet.</p> : <CompanyOrdersTable documents={orders} />}
      </section>
    </section>
  );
}
