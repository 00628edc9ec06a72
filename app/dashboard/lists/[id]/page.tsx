import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ListView } from '@/components/lists/list-view';
import { PageHeader } from '@/components/ui/page-header';
import { requirePageActor } from '@/lib/auth/page-guards';
import { AppError } from '@/lib/errors';
import { readList } from '@/lib/lists/lists';

export const metadata: Metadata = { title: 'List' };

/** One saved list: its lines as they are today, to order whole or in part, edit, rename or delete. */
export default async function ListPage({ params }: PageProps<'/dashboard/lists/[id]'>) {
  const { id } = await params;
  const actor = await requirePageActor(`/dashboard/lists/${id}`);
  const list = await readList(actor, id).catch((error: unknown) => {
    // Another customer's list, or none: the same page as a list that never was.
    if (error instanceof AppError && error.status === 404) notFound();
    throw error;
  });
  return (
    <section aria-labelledby="list-title" className="flex flex-col gap-4">
      <PageHeader
        id="list-title"
        title={list.name}
        back={{ href: '/dashboard/lists', label: 'Back to My Lists' }}
        description="Tick the lines to order (all are ticked), change a quantity if you need another, then add them to your cart."
      />
      <ListView initial={list} />
    </section>
  );
}
