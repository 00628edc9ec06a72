const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Dollars as "$12.50" (SPEC §9: prices in USD). */
export function Price({ amount, className }: { amount: number; className?: string }) {
  return <span className={className}>{usd.format(amount)}</span>;
}
