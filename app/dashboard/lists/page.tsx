import type { Metadata } from 'next';
import type { Route } from 'next';
import Link from 'next/link';
import { NewListForm } from '@/components/lists/new-list-form';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { requirePageActor } from '@/lib/auth/page-guards';
import { formatCount, formatDay } from '@/lib/format';
import { listMyLists } from '@/lib/lists/lists';

export const metadata: Metadata = { title: 'My Lists' };

/** My Lists: the buyer's saved lists (requisition lists), the last changed first. */
export default async function ListsPage() {
  const actor = await requirePageActor('/dashboard/lists');
  const lists = await listMyLists(actor);
  return (
    <section aria-labelledby="lists-title" className="flex flex-col gap-4">
      <PageHeader
        id="lists-title"
        title="My Lists"
        description="Lines you order again and again: save the cart, an order or a product to a list, then order it whole or in part."
      />
      {lists.length === 0 ? (
        <EmptyState
          message="You have no lists yet. Save your cart or an order as a list, or add a product from its page."
          action={{ href: '/tools', label: 'Browse the tools' }}
        />
      ) : (
        <div className="overflow-x-auto">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">List</th>
                <th scope="col">Lines</th>
                <th scope="col">Changed</th>
              </tr>
            </thead>
            <tbody>
              {lists.map((list) => (
                <tr key={list._id}>
                  <td>
                    <Link
                      href={`/dashboard/lists/${list._id}` as Route}
                      className="link inline-flex min-h-11 items-center font-semibold"
                    >
                      {list.name}
                    </Link>
                  </td>
                  <td>{formatCount(list.lineCount)}</td>
                  <td>{formatDay(list.updatedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <NewListForm />
    </section>
  );
}
