import type { Metadata } from 'next';
import { QuoteFilters } from '@/components/quotes/quote-filters';
import { QuoteList } from '@/components/quotes/quote-list';
import { PageHeader } from '@/components/ui/page-header';
import { isAdmin } from '@/lib/auth/guards';
import { requirePageActor } from '@/lib/auth/page-guards';
import { listQuotes } from '@/lib/quotes/queries';
import { quoteListQuerySchema } from '@/lib/validation/quotes';

export const metadata: Metadata = { title: 'Quotes' };

/** My Quotes for a customer; Quotes, everyone's with filters, for an admin. */
export default async function QuotesPage({ searchParams }: PageProps<'/dashboard/quotes'>) {
  const actor = await requirePageActor('/dashboard/quotes');
  const admin = isAdmin(actor);
  // Filters a person mistyped in the address fall back to none rather than an error page.
  const parsed = quoteListQuerySchema.safeParse(await searchParams);
  const filters = admin && parsed.success ? parsed.data : {};
  const quotes = await listQuotes(actor, filters);
  return (
    <section aria-labelledby="quotes-title" className="flex flex-col gap-4">
      <PageHeader
        id="quotes-title"
        title={admin ? 'Quotes' : 'My Quotes'}
        description={
          admin
            ? 'Requests for prices beyond the catalogue: answer them with a price, a lead time and a validity.'
            : 'Prices you asked for: accept an answered quote to order at its prices.'
        }
      />
      {admin && <QuoteFilters current={filters} />}
      <QuoteList quotes={quotes} admin={admin} />
    </section>
  );
}
