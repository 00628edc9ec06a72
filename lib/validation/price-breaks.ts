import { z } from 'zod';
import { toCents } from '@/lib/money';
// For its side effect: zod's jitless setting, which every schema needs under the CSP (set before any is built).
import './fields';

export const MAX_PRICE_BREAKS = 5;
const MAX_PRICE = 1_000_000;

/** An amount in dollars with at most two decimals; `label` names the field in its messages. */
export const dollarsSchema = (label: string) =>
  z
    .number({ error: `${label} is Required` })
    .positive({ error: `${label} must be more than 0` })
    .max(MAX_PRICE, { error: `${label} can be at most $1,000,000` })
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, {
      error: `${label} can have at most 2 decimals`,
    });

export const priceBreakSchema = z.object({
  minQuantity: z
    .number({ error: 'Break quantity is Required' })
    .int({ error: 'Break quantity must be a whole number' })
    .min(1, { error: 'Break quantity must be at least 1' })
    .max(10_000_000, { error: 'Break quantity can be at most 10,000,000' }),
  price: dollarsSchema('Break price'),
});
export type PriceBreakInput = z.infer<typeof priceBreakSchema>;

export const priceBreaksSchema = z
  .array(priceBreakSchema, { error: 'Price breaks must be a list' })
  .max(MAX_PRICE_BREAKS, { error: `A tool can have at most ${MAX_PRICE_BREAKS} price breaks` });

export interface PriceBreakProblem {
  /** below `priceBreaks`: the break's index and its field */
  path: [number, 'minQuantity' | 'price'];
  message: string;
}

/**
 * The rules that tie the breaks to the tool and to each other: thresholds rise and start above the minimum order;
 * prices fall and stay below the base price. Run by the product form and, for breaks a product edit leaves as they
 * are, by the service against the edited price and minimum.
 */
export function priceBreakProblems(
  tool: { priceCents: number; minQuantity: number },
  breaks: readonly { minQuantity: number; priceCents: number }[],
): PriceBreakProblem[] {
  const problems: PriceBreakProblem[] = [];
  breaks.forEach((priceBreak, index) => {
    const before = breaks[index - 1];
    if (priceBreak.minQuantity <= tool.minQuantity)
      problems.push({
        path: [index, 'minQuantity'],
        message: `Each break must start above the minimum order of ${tool.minQuantity} pieces`,
      });
    else if (before && priceBreak.minQuantity <= before.minQuantity)
      problems.push({
        path: [index, 'minQuantity'],
        message: 'Each break must start above the break before it',
      });
    if (priceBreak.priceCents >= tool.priceCents)
      problems.push({
        path: [index, 'price'],
        message: 'Each break must cost less than the base price',
      });
    else if (before && priceBreak.priceCents >= before.priceCents)
      problems.push({
        path: [index, 'price'],
        message: 'Each break must cost less than the break before it',
      });
  });
  return problems;
}

/** The breaks as the database keeps them (cents). */
export const breaksInCents = (breaks: readonly PriceBreakInput[]) =>
  breaks.map((priceBreak) => ({
    minQuantity: priceBreak.minQuantity,
    priceCents: toCents(priceBreak.price),
  }));
