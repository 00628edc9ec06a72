import { z } from 'zod';
import { required } from './fields';
import { piecesSchema } from './quantity';

/** The most lists an account keeps, and lines a list holds (it orders into a cart of at most 100 lines). */
export const MAX_LISTS = 50;
export const MAX_LIST_LINES = 100;

export const LIST_MESSAGES = {
  name: 'List name is Required',
  tool: 'Name the tool: its SKU or its toolId',
  tooMany: `A list holds at most ${MAX_LIST_LINES} lines`,
  source: 'Save the lines, the cart (fromCart) or an order (fromOrder): one of them',
} as const;

const listName = required(LIST_MESSAGES.name, 80);

/** One line of a list as sent: the tool by SKU or id, and how many pieces. */
export const listLineSchema = z
  .object({
    sku: z.string({ error: 'SKU must be text' }).trim().min(1).max(100).optional(),
    toolId: z.uuid({ error: 'Unknown tool' }).optional(),
    quantity: piecesSchema(1, 1_000_000),
  })
  .refine((line) => line.sku !== undefined || line.toolId !== undefined, {
    error: LIST_MESSAGES.tool,
    path: ['sku'],
  });
export type ListLineInput = z.infer<typeof listLineSchema>;

const listLines = z
  .array(listLineSchema, { error: 'lines must be a list of { sku or toolId, quantity }' })
  .max(MAX_LIST_LINES, { error: LIST_MESSAGES.tooMany });

/**
 * `POST /api/lists`: a name, and its lines from at most one source: lines as sent, the caller's cart, or one of the
 * caller's orders (a checkout's id, as My Orders and the order page name it). No source: an empty list.
 */
export const newListSchema = z
  .object({
    name: listName,
    lines: listLines.optional(),
    fromCart: z.literal(true, { error: 'fromCart can only be true' }).optional(),
    fromOrder: z.uuid({ error: 'Unknown order' }).optional(),
  })
  .refine(
    (input) =>
      [input.lines !== undefined, input.fromCart, input.fromOrder !== undefined].filter(Boolean)
        .length <= 1,
    { error: LIST_MESSAGES.source, path: ['lines'] },
  );
export type NewListInput = z.infer<typeof newListSchema>;

/** `PUT /api/lists/{id}`: a new name, new lines (replacing the old), or both. */
export const listChangeSchema = z
  .object({ name: listName.optional(), lines: listLines.optional() })
  .refine((input) => input.name !== undefined || input.lines !== undefined, {
    error: 'Send a new name, new lines or both',
    path: ['name'],
  });
export type ListChangeInput = z.infer<typeof listChangeSchema>;

/**
 * `POST /api/lists/{id}/cart`: the lines to order (by SKU or toolId; a quantity other than the list's, if given),
 * or every line of the list when `lines` is left out.
 */
export const orderListSchema = z.object({
  lines: z
    .array(
      z
        .object({
          sku: z.string({ error: 'SKU must be text' }).trim().min(1).max(100).optional(),
          toolId: z.uuid({ error: 'Unknown tool' }).optional(),
          quantity: piecesSchema(1, 1_000_000).optional(),
        })
        .refine((line) => line.sku !== undefined || line.toolId !== undefined, {
          error: LIST_MESSAGES.tool,
          path: ['sku'],
        }),
      { error: 'lines must be a list of { sku or toolId, quantity? }' },
    )
    .min(1, { error: 'Choose at least one line' })
    .max(MAX_LIST_LINES, { error: LIST_MESSAGES.tooMany })
    .optional(),
});
export type OrderListInput = z.infer<typeof orderListSchema>;
