import type { Metadata } from 'next';
import { OpenInvoicesTable } from '@/components/invoices/open-invoices-table';
import { StatementEntries, StatementPeriod } from '@/components/invoices/statement-view';
import { Price } from '@/components/price';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { requirePageActor } from '@/lib/auth/page-guards';
import { getStatement } from '@/lib/invoices/statement';

export const metadata: Metadata = { title: 'Account statement' };

/**
 * The account statement of a buyer on net terms: the period's invoices, payments and credit notes with the running
 * balance, the open invoices now, and the PDF. A buyer never on terms is told where their invoices are instead.
 */
export default async function StatementPage({ searchParams }: PageProps<'/dashboard/statement'>) {
  const actor = await requirePageActor('/dashboard/statement');
  const access = await getStatement(actor, await searchParams);
  const back = { href: '/dashboard' as const, label: 'Back to My Profile' };
  if (access.kind === 'not_on_terms') {
    return (
      <section aria-labelledby="statement-title" className="flex max-w-4xl flex-col gap-4">
        <PageHeader
          id="statement-title"
          title="Account statement"
          back={back}
          description="A statement lists what an account on net terms was invoiced and paid."
        />
        <EmptyState
          message="Your account pays order by order, by card, so it has no running balance to state. Each order's invoice is on its line in My Orders; ask us if your company would like to pay by invoice on net terms."
          action={{ href: '/dashboard/myorder', label: 'Go to My Orders' }}
        />
      </section>
    );
  }
  const { statement } = access;
  const { account, terms } = statement;
  return (
    <section aria-labelledby="statement-title" className="flex max-w-4xl flex-col gap-6">
      <PageHeader
        id="statement-title"
        title="Account statement"
        back={back}
        description={
          <>
            {account.company ? `${account.company}, ${account.name}` : account.name} (
            {account.email})
            {terms && (
              <>
                {' '}
                · net {terms.netDays} days, remaining credit{' '}
                <Price amount={terms.remainingCredit} /> of <Price amount={terms.creditLimit} />
              </>
            )}
          </>
        }
      />
      <dl className="grid w-fit grid-cols-[auto_auto] gap-x-6 gap-y-1">
        <dt>Due now</dt>
        <dd className="font-bold">
          <Price amount={statement.due} />
        </dd>
        <dt>Of which overdue</dt>
        <dd className={statement.overdue > 0 ? 'font-bold text-error' : ''}>
          <Price amount={statement.overdue} />
        </dd>
      </dl>
      <StatementPeriod statement={statement} />
      <section aria-labelledby="movements-title" className="flex flex-col gap-2">
        <h3 id="movements-title" className="text-lg font-semibold">
          Invoices, payments and credit notes
        </h3>
        <StatementEntries statement={statement} />
      </section>
      <section aria-labelledby="open-title" className="flex flex-col gap-2">
        <h3 id="open-title" className="text-lg font-semibold">
          Open invoices
        </h3>
        {statement.openInvoices.length > 0 ? (
          <OpenInvoicesTable invoices={statement.openInvoices} admin={false} />
        ) : (
          <p>You have no open invoices.</p>
        )}
      </section>
    </section>
  );
}
