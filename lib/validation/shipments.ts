import { z } from 'zod';
import { text } from './fields';

const MAX_PIECES = 10_000_000;

// Shipping part or all of an order: which lines, how many pieces of each, and how the parcel travels.
export const shipmentSchema = z.object({
  lines: z
    .array(
      z.object({
        orderId: z.uuid({ error: 'Unknown line' }),
        quantity: z
          .number({ error: 'Quantity must be a whole number of pieces' })
          .int({ error: 'Quantity must be a whole number of pieces' })
          .min(1, { error: 'Ship at least 1 piece' })
          .max(MAX_PIECES, { error: `Ship at most ${MAX_PIECES.toLocaleString('en-US')} pieces` }),
      }),
      { error: 'Name the lines to ship' },
    )
    .min(1, { error: 'Name the lines to ship' })
    .max(200, { error: 'At most 200 lines per shipment' })
    .refine((lines) => new Set(lines.map((line) => line.orderId)).size === lines.length, {
      error: 'Name each line once',
    }),
  carrier: text('Carrier must be text')
    .trim()
    .max(100, { error: 'Carrier: at most 100 characters' })
    .optional(),
  trackingNumber: text('Tracking number must be text')
    .trim()
    .max(100, { error: 'Tracking number: at most 100 characters' })
    .optional(),
});

export type ShipmentInput = z.infer<typeof shipmentSchema>;
