import type { Metadata } from 'next';
import { ReviewForm } from '@/components/reviews/review-form';
import { requirePageActor } from '@/lib/auth/page-guards';
import { listToolNames } from '@/lib/tools/catalogue';

export const metadata: Metadata = { title: 'Add your Reviews' };

export default async function DashboardAddReviewPage() {
  const actor = await requirePageActor('/dashboard/addreview');
  const toolNames = await listToolNames();
  return (
    <ReviewForm headingLevel="h2" userName={actor.name} email={actor.email} toolNames={toolNames} />
  );
}
