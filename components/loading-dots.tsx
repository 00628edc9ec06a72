interface LoadingDotsProps {
  className?: string;
}

/** Three pulsing dots (docs/PRODUCT.md, Screens and routes: shown while lists load). */
export function LoadingDots({ className = 'flex justify-center py-10' }: LoadingDotsProps) {
  return (
    <div role="status" aria-label="Loading" className={className}>
      <span className="loading loading-dots loading-lg text-primary" aria-hidden="true" />
      <span className="sr-only">Loading</span>
    </div>
  );
}
