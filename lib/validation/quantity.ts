import { z } from 'zod';
// For its side effect: zod's jitless setting, which every schema needs under the CSP (set before any is built).
import './fields';

/** The product's words for a quantity that does not fit (docs/PRODUCT.md, Validation), verbatim, for every rule that judges one. */
export const QUANTITY_MESSAGES = {
  required: 'Order quantity is Required',
  whole: 'Order quantity must be a whole number of pieces',
  belowMinimum: 'You can not order less then minimum quantity',
  aboveStock: 'You can not order more than available quantity',
} as const;

/** A whole number of pieces between `min` and `max`, refused in those words. */
export function piecesSchema(min: number, max: number) {
  return z
    .number({ error: QUANTITY_MESSAGES.required })
    .int({ error: QUANTITY_MESSAGES.whole })
    .min(min, { error: QUANTITY_MESSAGES.belowMinimum })
    .max(max, { error: QUANTITY_MESSAGES.aboveStock });
}
