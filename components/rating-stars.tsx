const sizes = { xs: 'rating-xs', sm: 'rating-sm', md: 'rating-md', lg: 'rating-lg' } as const;

interface RatingStarsProps {
  /** 0 to 5; rounded and clamped so bad data cannot break the layout */
  rating: number;
  size?: keyof typeof sizes;
}

/** Read-only stars out of 5; one accessible name instead of five unlabeled shapes. */
export function RatingStars({ rating, size = 'sm' }: RatingStarsProps) {
  const value = Math.min(5, Math.max(0, Math.round(rating)));
  return (
    <div className={`rating ${sizes[size]}`} role="img" aria-label={`Rated ${value} out of 5`}>
      {[1, 2, 3, 4, 5].map((star) => (
        <div
          key={star}
          className="mask mask-star-2 bg-orange-600"
          aria-hidden="true"
          // daisyUI fills every star up to the one marked current.
          aria-current={star === value ? 'true' : undefined}
        />
      ))}
    </div>
  );
}
