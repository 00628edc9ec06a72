import { formatUsd } from '@/lib/format';

/** Dollars as "$1,234.50" (docs/PRODUCT.md, Constants: prices in USD). */
export function Price({ amount, className }: { amount: number; className?: string }) {
  return <span className={className}>{formatUsd(amount)}</span>;
}
