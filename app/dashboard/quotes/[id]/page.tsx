import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { TaxTerms } from '@/components/invoices/tax-summary';
import { QuoteAcceptForm } from '@/components/quotes/quote-accept-form';
import { addressBookOf } from '@/lib/companies/addresses';
import { QuoteAnswerForm } from '@/components/quotes/quote-answer-form';
import { QuoteCloseButton } from '@/components/quotes/quote-close-button';
import { QuoteLines } from '@/components/quotes/quote-lines';
import { QuoteMessageForm } from '@/components/quotes/quote-message-form';
import { QuoteThread } from '@/components/quotes/quote-thread';
import { PageHeader } from '@/components/ui/page-header';
import { StatusBadge } from '@/components/ui/status-badge';
import { isAdmin } from '@/lib/auth/guards';
import { requirePageActor } from '@/lib/auth/page-guards';
import { AppError } from '@/lib/errors';
import { formatDay, formatQuoteNumber } from '@/lib/format';
import { myInvoices } from '@/lib/invoices/queries';
import { getQuote } from '@/lib/quotes/queries';
import { getUser } from '@/lib/users/accounts';

export const metadata: Metadata = { title: 'Quote' };

/** One quote, at the same address for its customer and for admins: lines, terms, the next step, thread, history. */
export default async function QuotePage({ params }: PageProps<'/dashboard/quotes/[id]'>) {
  const { id } = await params;
  const actor = await requirePageActor(`/dashboard/quotes/${id}`);
  // Another customer's quote shows the not-found page: nothing confirms that it exists.
  const quote = await getQuote(actor, id).catch((error: unknown) => {
    if (error instanceof AppError && error.status === 404) notFound();
    throw error;
  });
  const admin = isAdmin(actor);
  const owner = quote.customer.email === actor.email;
  const open = quote.status === 'requested' || quote.status === 'answered';
  const acceptable = owner && quote.status === 'answered' && !quote.closedReason;
  const [profile, account, addresses] = acceptable
    ? await Promise.all([getUser(actor, actor.email), myInvoices(actor), addressBookOf(actor)])
    : [null, null, []];
  return (
    <section aria-labelledby="quote-title" className="flex max-w-4xl flex-col gap-6">
      <PageHeader
        id="quote-title"
        title={
          <span className="flex flex-wrap items-center gap-3">
            Quote {formatQuoteNumber(quote.number)} <StatusBadge status={quote.status} />
          </span>
        }
        description={`Requested ${formatDay(quote.createdAt)} by ${quote.customer.name} (${quote.customer.email})`}
        back={{ href: '/dashboard/quotes', label: admin ? 'Back to Quotes' : 'Back to My Quotes' }}
      />
      {quote.closedReason && quote.status !== 'requested' && quote.status !== 'accepted' && (
        <p role="status" className="rounded-box border border-base-300 bg-base-200 px-4 py-3">
          {quote.closedReason}, so it can no longer be accepted.
        </p>
      )}
      <QuoteLines quote={quote} admin={admin} />
      {quote.requestedDeliveryOn && (
        <p>
          Requested delivery:{' '}
          <time dateTime={quote.requestedDeliveryOn} className="font-medium">
            {formatDay(`${quote.requestedDeliveryOn}T00:00:00Z`)}
          </time>
        </p>
      )}
      {quote.leadTimeDays !== undefined && quote.validUntil && (
        <dl className="grid w-fit grid-cols-[auto_auto] gap-x-6 gap-y-1">
          <dt>Lead time</dt>
          <dd className="font-medium">{quote.leadTimeDays} days</dd>
          <dt>Valid until</dt>
          <dd className="font-medium">{formatDay(quote.validUntil)}</dd>
          {quote.tax && <TaxTerms tax={quote.tax} align="left" />}
        </dl>
      )}
      {quote.checkoutId && (
        <p>
          Accepted: it became{' '}
          <Link href={`/checkout/${quote.checkoutId}`} prefetch={false} className="link">
            this checkout
          </Link>
          .
        </p>
      )}
      {admin && quote.status === 'requested' && (
        <QuoteAnswerForm quoteId={quote.quoteId} lines={quote.lines} />
      )}
      {acceptable && profile && (
        <QuoteAcceptForm
          quoteId={quote.quoteId}
          contact={{ address: profile.address ?? '', phone: profile.phone ?? '' }}
          terms={account?.terms ?? null}
          addresses={addresses}
        />
      )}
      {open && (owner || admin) && (
        <QuoteCloseButton quoteId={quote.quoteId} action={owner ? 'decline' : 'withdraw'} />
      )}
      <QuoteThread quote={quote} />
      <QuoteMessageForm quoteId={quote.quoteId} />
    </section>
  );
}
