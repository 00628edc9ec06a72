import { z } from 'zod';
// For its side effect: zod's jitless setting, which every schema needs under the CSP (set before any is built).
import './fields';
import { piecesSchema } from './quantity';

/** The most lines a cart holds, and so the most a checkout places at once. */
export const MAX_CART_LINES = 100;
/** The most lines one quick order sends (a pasted sheet or an uploaded .csv). */
export const MAX_QUICK_ORDER_LINES = 1000;

/** `PUT /api/cart/{toolId}`: the line's new quantity; 0 removes it. The tool's own limits are checked after. */
export const cartQuantitySchema = z.object({
  quantity: piecesSchema(0, 1_000_000),
});
export type CartQuantityInput = z.infer<typeof cartQuantitySchema>;

/**
 * `POST /api/cart/lines` (quick order): lines as pasted. The quantity may arrive as the text of a cell; each line is
 * judged on its own (unknown SKU, not a number, limits), so one bad line never refuses the others.
 */
export const cartLinesSchema = z.object({
  lines: z
    .array(
      z.object({
        sku: z.string({ error: 'SKU is Required' }).max(100, { error: 'Unknown SKU' }),
        quantity: z.union([z.number(), z.string().max(40)], {
          error: 'Quantity is not a number',
        }),
      }),
      { error: 'lines must be a list of { sku, quantity }' },
    )
    .min(1, { error: 'Add at least one line' })
    .max(MAX_QUICK_ORDER_LINES, {
      error: `Send at most ${MAX_QUICK_ORDER_LINES} lines at once`,
    }),
});
export type CartLinesInput = z.infer<typeof cartLinesSchema>;

/** "Order again": one order's tool, or every line of a checkout. */
export const orderAgainSchema = z.union(
  [
    z.object({ orderId: z.uuid({ error: 'Unknown order' }) }),
    z.object({ checkoutId: z.uuid({ error: 'Unknown checkout' }) }),
  ],
  { error: 'Name the order (orderId) or the checkout (checkoutId) to order again' },
);
export type OrderAgainInput = z.infer<typeof orderAgainSchema>;
