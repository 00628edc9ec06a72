import type { Metadata } from 'next';
import { ReviewForm } from '@/components/reviews/review-form';
import { requirePageActor } from '@/lib/auth/page-guards';
import { listToolNames } from '@/lib/tools/catalogue';

export const metadata: Metadata = { title: 'Add your Reviews' };

export default async function AddReviewPage() {
  const actor = await requirePageActor('/addreview');
  const toolNames = await listToolNames();
  return (
    <div className="px-4 py-10">
      <ReviewForm
        headingLevel="h1"
        userName={actor.name}
        email={actor.email}
        toolNames={toolNames}
      />
    </div>
  );
}
