import type { Metadata } from 'next';
import type { Route } from 'next';
import Link from 'next/link';
import { CompanyTermsButton } from '@/components/companies/company-terms-button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { requirePageAdmin } from '@/lib/auth/page-guards';
import { listCompanies } from '@/lib/companies/admin';
import { formatCount, formatUsd } from '@/lib/format';

export const metadata: Metadata = { title: 'Companies' };

/** Companies (admins): every buying company, its members, orders, open invoices and terms. */
export default async function CompaniesPage() {
  const actor = await requirePageAdmin('/dashboard/companies');
  const companies = await listCompanies(actor);
  return (
    <section aria-labelledby="companies-title" className="flex flex-col gap-4">
      <PageHeader
        id="companies-title"
        title="Companies"
        description="Buyers' companies: who buys for them, what they owe, and the terms and prices agreed with them."
      />
      {companies.length === 0 ? (
        <EmptyState message="No company yet: customers create theirs under Company." />
      ) : (
        <div className="overflow-x-auto">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Company</th>
                <th scope="col">Members</th>
                <th scope="col">Orders</th>
                <th scope="col">Open invoices</th>
                <th scope="col">Terms</th>
              </tr>
            </thead>
            <tbody>
              {companies.map((company) => (
                <tr key={company.companyId}>
                  <th scope="row">
                    <Link
                      href={`/dashboard/companies/${company.companyId}` as Route}
                      className="link inline-flex min-h-11 items-center font-semibold"
                    >
                      {company.name}
                    </Link>
                  </th>
                  <td>{formatCount(company.members)}</td>
                  <td>{formatCount(company.orders)}</td>
                  <td>
                    {formatCount(company.openInvoices)}
                    {company.openInvoices > 0 && `, ${formatUsd(company.openAmount)}`}
                  </td>
                  <td>
                    <CompanyTermsButton
                      companyId={company.companyId}
                      name={company.name}
                      terms={company.terms}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
