import { RatingStars } from '@/components/rating-stars';
import { ToolImage } from '@/components/ui/tool-image';
import type { ReviewDto } from '@/lib/types';

interface ReviewCardProps {
  review: ReviewDto;
  /** false on a tool's own page, where every review is about that tool */
  showTool?: boolean;
}

export function ReviewCard({ review, showTool = true }: ReviewCardProps) {
  return (
    <article className="card border border-base-300 bg-base-100 shadow-sm">
      {/* A photo gets a 4:3 frame; a review without one a single line (the spec's placeholder), not an empty box; on
          the tool's own page the placeholder would only repeat the page's heading. */}
      {(review.image || showTool) && (
        <figure className={review.image ? 'aspect-4/3 bg-base-200' : 'bg-base-200'}>
          {review.image ? (
            <ToolImage
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
            // Without an image the tool name stands in (the spec's placeholder); hidden from AT: said below.
            <div
              aria-hidden="true"
              className="w-full truncate px-6 py-3 text-center text-lg font-bold text-base-content/75"
            >
              {review.toolName ?? 'Customer review'}
            </div>
          )}
        </figure>
      )}
      <div className="card-body gap-3">
        <div>
          <h3 className="card-title text-lg">{review.userName}</h3>
          {/* Without a photo the placeholder above already shows the tool's name: say it once, to screen readers. */}
          {showTool && review.toolName && (
            <p className={review.image ? 'text-sm text-base-content/75' : 'sr-only'}>
              {review.toolName}
            </p>
          )}
        </div>
        <RatingStars rating={review.rating} />
        <blockquote className="text-base-content/90">
          <p>{review.userReview}</p>
        </blockquote>
      </div>
    </article>
  );
}
