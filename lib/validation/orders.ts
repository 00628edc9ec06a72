import { z } from 'zod';
import { optionalParam, required, text } from './fields';
import { piecesSchema } from './quantity';

// Placing an order (the tool page's form and POST /api/order) and reading lists of orders.

/** Quantity limits of one tool, also used by the order form on the client. */
export function orderQuantitySchema(limits: { minQuantity: number; quantity: number }) {
  return piecesSchema(limits.minQuantity, limits.quantity);
}

const orderContact = {
  address: required('Address is Required'),
  phone: required('Phone Number is Required', 40),
};

export function orderFormSchema(limits: { minQuantity: number; quantity: number }) {
  return z.object({ quantity: orderQuantitySchema(limits), ...orderContact });
}
export type OrderFormInput = z.infer<ReturnType<typeof orderFormSchema>>;

export const orderInputSchema = z.object({
  toolId: z.uuid({ error: 'Choose an existing tool' }),
  quantity: piecesSchema(1, 1_000_000),
  ...orderContact,
});
export type OrderInput = z.infer<typeof orderInputSchema>;

export const orderListQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'page must be a number' })
    .int()
    .min(1, { error: 'page must be 1 or more' })
    .max(1_000_000)
    .default(1),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int()
    .min(1, { error: 'limit must be 1 to 200' })
    .max(200, { error: 'limit must be 1 to 200' })
    .default(50),
});

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isRealDay = (value: string) => {
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
};
/** A calendar day, `YYYY-MM-DD`, that exists; `field` names it in the message. */
export const isoDate = (field: string) =>
  z
    .string()
    .regex(ISO_DATE, { error: `${field} must be a date like 2026-11-24` })
    // A day that exists: JavaScript would roll 2026-02-30 over into March.
    .refine((value) => isRealDay(value), {
      error: `${field} must be a date like 2026-11-24`,
    });

const ORDER_STATUSES = ['awaiting-approval', 'unpaid', 'to-ship', 'shipped'] as const;

/** All Orders' filters (admin): status, an order number or a customer's email, a range of placing dates (UTC). */
const orderFilterFields = {
  status: optionalParam(
    z.enum(ORDER_STATUSES, {
      error: 'status must be awaiting-approval, unpaid, to-ship or shipped',
    }),
  ),
  q: optionalParam(
    text('Search text must be text')
      .trim()
      .max(254, { error: 'Search for 254 characters or fewer' }),
  ).transform((value) => value || undefined),
  from: optionalParam(isoDate('from')),
  to: optionalParam(isoDate('to')),
};

export const rangeInOrder = (filter: { from?: string; to?: string }) =>
  !filter.from || !filter.to || filter.from <= filter.to;
export const RANGE_ERROR = { path: ['to'], error: 'to must not be before from' };

export const orderFilterSchema = z.object(orderFilterFields).refine(rangeInOrder, RANGE_ERROR);
export type OrderFilter = z.output<typeof orderFilterSchema>;

/** GET /order (admin): a page of All Orders, filtered. */
export const adminOrderQuerySchema = z
  .object({ ...orderListQuerySchema.shape, ...orderFilterFields })
  .refine(rangeInOrder, RANGE_ERROR);
