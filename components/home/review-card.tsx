import { RatingStars } from '@/components/rating-stars';
import type { ReviewDto } from '@/lib/types';

export function ReviewCard({ review }: { review: ReviewDto }) {
  return (
    <article className="card border border-base-300 bg-base-100 shadow-sm">
      {/* A photo gets a 4:3 frame; a review without one a single line (the tool name as its placeholder), not an empty box. */}
      <figure className={review.image ? 'aspect-4/3 bg-base-200' : 'bg-base-200'}>
        {review.image ? (
          // eslint-disable-next-line @next/next/no-img-element -- reviewers may link any external image, which next/image would reject without a remote pattern
          <img
            src={review.image}
            alt={
              review.toolName
                ? `${review.toolName}, photographed by ${review.userName}`
                : `Photographed by ${review.userName}`
            }
            width={400}
            height={300}
            loading="lazy"
            decoding="async"
            className="h-full w-full object-cover"
          />
        ) : (
          // Without an image the tool name stands in; hidden from AT because it is repeated below.
          <div
            aria-hidden="true"
            className="w-full truncate px-6 py-3 text-center text-lg font-bold text-base-content/75"
          >
            {review.toolName ?? 'Customer review'}
          </div>
        )}
      </figure>
      <div className="card-body gap-3">
        <div>
          <h3 className="card-title text-lg">{review.userName}</h3>
          {review.toolName && <p className="text-sm text-base-content/75">{review.toolName}</p>}
        </div>
        <RatingStars rating={review.rating} />
        <blockquote className="text-base-content/90">
          <p>{review.userReview}</p>
        </blockquote>
      </div>
    </article>
  );
}
