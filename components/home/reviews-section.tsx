import { listReviews } from '@/lib/reviews';
import { ReviewCard } from './review-card';
import { SectionHeading } from './section-heading';

async function ReviewsGrid() {
  const reviews = await listReviews();
  if (reviews.length === 0) {
    return <p className="text-center text-base-content/75">No reviews yet.</p>;
  }
  return (
    <div className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
      {reviews.map((review) => (
        <ReviewCard key={review._id} review={review} />
      ))}
    </div>
  );
}

export function ReviewsSection() {
  return (
    <section aria-labelledby="reviews-title" className="bg-base-200">
      <div className="mx-auto max-w-6xl px-4 py-16">
        <SectionHeading
          id="reviews-title"
          eyebrow="Customer voices"
          title="All Reviews"
          lead="What the people who use our tools every day say about them."
        />
        <ReviewsGrid />
      </div>
    </section>
  );
}
