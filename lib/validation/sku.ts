import { z } from 'zod';
// For its side effect: zod's jitless setting, which every schema needs under the CSP (set before any is built).
import './fields';

export const SKU_TAKEN = 'This SKU is already used by another tool';

/** A part number: 3–32 characters of A–Z, 0–9 and `-`, taken in any case and stored upper-case. */
export const skuSchema = z
  .string({ error: 'SKU must be text' })
  .trim()
  .toUpperCase()
  .min(3, { error: 'SKU must be 3 to 32 characters' })
  .max(32, { error: 'SKU must be 3 to 32 characters' })
  .regex(/^[A-Z0-9-]+$/, { error: 'SKU may only hold letters A–Z, digits 0–9 and -' });
