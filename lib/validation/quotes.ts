import { z } from 'zod';
import { multilineText, optionalParam, text } from './fields';
import { checkoutSchema } from './checkout';
import { requestedDeliverySchema } from './delivery-date';
import { isoDate } from './orders';
import { dollarsSchema } from './price-breaks';
import { QUOTE_STATUSES } from '@/lib/types';

// Quotes: the request (cart or tool page), the admin's answer, the thread, the acceptance and the admin's list filters.

export const MESSAGE_MAX = 2000;
/** As many lines as a cart holds. */
const QUOTE_LINES_MAX = 100;

const messageText = (min = 0) =>
  multilineText('Message must be text').pipe(
    z
      .string()
      .trim()
      .min(min, { error: 'Write a message' })
      .max(MESSAGE_MAX, { error: `A message can be at most ${MESSAGE_MAX} characters` }),
  );

const eachToolOnce = (lines: readonly { toolId: string }[], ctx: z.RefinementCtx) => {
  const seen = new Set<string>();
  lines.forEach((line, index) => {
    if (seen.has(line.toolId))
      ctx.addIssue({ code: 'custom', message: 'List each tool once', path: [index, 'toolId'] });
    seen.add(line.toolId);
  });
};

const toolId = z.uuid({ error: 'Choose an existing tool' });

/** `POST /api/quotes`: quantities may exceed the stock and the price breaks; the admin prices them. */
export const quoteRequestSchema = z.object({
  lines: z
    .array(
      z.object({
        toolId,
        quantity: z
          .number({ error: 'Quantity is Required' })
          .int({ error: 'Quantity must be a whole number of pieces' })
          .min(1, { error: 'Quantity must be at least 1' })
          .max(10_000_000, { error: 'Quantity can be at most 10,000,000' }),
      }),
      { error: 'lines must be a list of { toolId, quantity }' },
    )
    .min(1, { error: 'Add at least one line' })
    .max(QUOTE_LINES_MAX, { error: `A quote can have at most ${QUOTE_LINES_MAX} lines` })
    .superRefine(eachToolOnce),
  message: messageText().optional().default(''),
  requestedDeliveryOn: requestedDeliverySchema,
});
export type QuoteRequestInput = z.input<typeof quoteRequestSchema>;

/** `POST /api/quotes/{id}/messages`. */
export const quoteMessageSchema = z.object({
  text: messageText(1),
});
export type QuoteMessageInput = z.input<typeof quoteMessageSchema>;

const END_OF_DAY = 'T23:59:59.999Z';

/**
 * The last day the answer holds (`2026-12-01`, through its end in UTC) or an exact instant (ISO 8601 with an offset);
 * either way the instant it stops holding, which must be in the future.
 */
const validUntilSchema = z
  .union([isoDate('Valid until'), z.iso.datetime({ offset: true })], {
    error: 'Valid until must be a date like 2026-11-24',
  })
  // An ISO instant again, so that the service's own parse of a handler's output holds.
  .transform((value) =>
    new Date(value.length === 10 ? `${value}${END_OF_DAY}` : value).toISOString(),
  )
  .refine((instant) => Date.parse(instant) > Date.now(), {
    error: 'Valid until must be in the future',
  });

/** How an answer's validity reads back: the day as it was given, or the exact instant. */
export const validUntilText = (instant: Date | string) => {
  const iso = new Date(instant).toISOString();
  return iso.endsWith(END_OF_DAY) ? iso.slice(0, 10) : iso;
};

/** `PUT /api/quotes/{id}` (admin): a unit price for every line, a lead time and the last day the answer holds. */
export const quoteAnswerSchema = z.object({
  lines: z
    .array(z.object({ toolId, unitPrice: dollarsSchema('Unit price') }), {
      error: 'lines must be a list of { toolId, unitPrice }',
    })
    .min(1, { error: 'Price every line' })
    .max(QUOTE_LINES_MAX, { error: 'Price every line' })
    .superRefine(eachToolOnce),
  leadTimeDays: z
    .number({ error: 'Lead time is Required' })
    .int({ error: 'Lead time must be a whole number of days' })
    .min(0, { error: 'Lead time must be 0 to 365 days' })
    .max(365, { error: 'Lead time must be 0 to 365 days' }),
  validUntil: validUntilSchema,
});
export type QuoteAnswerInput = z.input<typeof quoteAnswerSchema>;

const optionalContact = (schema: z.ZodType<string>) =>
  schema
    .optional()
    .nullable()
    .or(z.literal('').transform(() => undefined));

/**
 * `POST /api/quotes/{id}/accept`: the PO number, card or invoice (net terms, when the account has them); where it goes
 * defaults to the profile's address and phone.
 */
export const quoteAcceptSchema = z.object({
  poNumber: checkoutSchema.shape.poNumber,
  paymentMethod: checkoutSchema.shape.paymentMethod,
  address: optionalContact(checkoutSchema.shape.address),
  phone: optionalContact(checkoutSchema.shape.phone),
  addressId: checkoutSchema.shape.addressId,
});
export type QuoteAcceptInput = z.input<typeof quoteAcceptSchema>;

/** `GET /api/quotes` and the Quotes page: an admin's filters (a customer's list is their own anyway). */
export const quoteListQuerySchema = z.object({
  status: optionalParam(
    z.enum(QUOTE_STATUSES, { error: `status must be one of ${QUOTE_STATUSES.join(', ')}` }),
  ),
  customer: optionalParam(
    text('Customer must be text').trim().max(254, { error: 'Search for 254 characters or fewer' }),
  ).transform((value) => value || undefined),
});
export type QuoteListQuery = z.infer<typeof quoteListQuerySchema>;
