import type { Metadata } from 'next';
import type { Route } from 'next';
import Link from 'next/link';
import { AddressBook } from '@/components/companies/address-book';
import { CompanyOrdersTable } from '@/components/companies/company-orders-table';
import { CreateCompanyForm } from '@/components/companies/create-company-form';
import { InviteMemberForm } from '@/components/companies/invite-member-form';
import { MembersTable } from '@/components/companies/members-table';
import { ROLE_LABELS } from '@/components/companies/role-select';
import { PageHeader } from '@/components/ui/page-header';
import { StatusBadge } from '@/components/ui/status-badge';
import { requirePageActor } from '@/lib/auth/page-guards';
import { getCompanyAccount } from '@/lib/companies/account';
import { listAddresses } from '@/lib/companies/addresses';
import { companyOrders, companyQuotes } from '@/lib/companies/documents';
import { AppError } from '@/lib/errors';
import { formatDay, formatQuoteNumber, formatUsd } from '@/lib/format';

export const metadata: Metadata = { title: 'Company' };

/**
 * Company: the buyer's company with its members, address book, orders and quotes; an account on its own founds one
 * here. Owners manage members and addresses; everyone reads.
 */
export default async function CompanyPage() {
  const actor = await requirePageActor('/dashboard/company');
  const company = await getCompanyAccount(actor).catch((error: unknown) => {
    if (error instanceof AppError && error.status === 404) return null;
    throw error;
  });
  if (!company) {
    return (
      <section aria-labelledby="company-title" className="flex flex-col gap-4">
        <PageHeader
          id="company-title"
          title="Company"
          description="Buy for your company: invite colleagues as buyers with spending limits, approve their larger orders, ship to your sites and pay on the terms agreed with the company."
        />
        <CreateCompanyForm />
      </section>
    );
  }
  const owner = company.role === 'owner';
  const [addresses, orders, quotes] = await Promise.all([
    listAddresses(actor),
    companyOrders(actor),
    companyQuotes(actor),
  ]);
  return (
    <section aria-labelledby="company-title" className="flex flex-col gap-6">
      <PageHeader
        id="company-title"
        title={company.name}
        description={`You are ${ROLE_LABELS[company.role].split(':')[0]!.toLowerCase()} of this company.`}
      />
      {owner && (
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          <Link href="/dashboard/company/api-keys" className="link w-fit text-sm">
            API keys for your purchasing system
          </Link>
          <Link href="/dashboard/company/punch-out" className="link w-fit text-sm">
            Punch-out from your procurement system
          </Link>
        </div>
      )}
      <dl className="grid max-w-2xl grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-medium">VAT or tax id</dt>
        <dd>{company.taxId ?? 'None'}</dd>
        <dt className="font-medium">Billing address</dt>
        <dd>{company.billingAddress ?? 'None'}</dd>
        <dt className="font-medium">Terms</dt>
        <dd>
          {company.terms && company.creditLimit !== null ? (
            <>
              Net {company.terms.netDays}: {formatUsd(company.creditUsed)} of{' '}
              {formatUsd(company.creditLimit)} used
            </>
          ) : (
            'Card only'
          )}
        </dd>
      </dl>

      <section aria-labelledby="members-title" className="flex flex-col gap-3">
        <h3 id="members-title" className="text-xl font-semibold">
          Members
        </h3>
        <MembersTable members={company.members} owner={owner} />
        {owner && <InviteMemberForm />}
      </section>

      <section aria-labelledby="addresses-title" className="flex flex-col gap-3">
        <h3 id="addresses-title" className="text-xl font-semibold">
          Address book
        </h3>
        <AddressBook addresses={addresses} canEdit={owner} />
      </section>

      <section aria-labelledby="company-orders-title" className="flex flex-col gap-3">
        <h3 id="company-orders-title" className="text-xl font-semibold">
          Company orders
        </h3>
        {orders.length === 0 ? (
          <p className="text-base-content/75">No orders yet.</p>
        ) : (
          <CompanyOrdersTable documents={orders} />
        )}
      </section>

      <section aria-labelledby="company-quotes-title" className="flex flex-col gap-3">
        <h3 id="company-quotes-title" className="text-xl font-semibold">
          Company quotes
        </h3>
        {quotes.length === 0 ? (
          <p className="text-base-content/75">No quotes yet.</p>
        ) : (
          <ul className="flex flex-col gap-1">
            {quotes.map((quote) => (
              <li key={quote.quoteId} className="flex flex-wrap items-center gap-2">
                <Link
                  href={`/dashboard/quotes/${quote.quoteId}` as Route}
                  className="link font-semibold"
                >
                  Quote {formatQuoteNumber(quote.number)}
                </Link>
                <StatusBadge status={quote.status} />
                <span className="text-sm">
                  {quote.buyer}, {formatDay(quote.createdAt)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}
