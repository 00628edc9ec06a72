import { z } from 'zod';
import { requestedDeliverySchema } from './delivery-date';
import { text } from './fields';
import { orderInputSchema } from './orders';
import { paymentIntentSchema } from './payments';

const PO_NUMBER_MAX = 35;

/** `POST /api/checkout` and the checkout form: where the cart goes and the buyer's purchase order number. */
export const checkoutSchema = z.object({
  address: orderInputSchema.shape.address,
  phone: orderInputSchema.shape.phone,
  poNumber: text('PO number must be text')
    .trim()
    .max(PO_NUMBER_MAX, { error: `PO number must be at most ${PO_NUMBER_MAX} characters` })
    .optional()
    .nullable()
    .transform((value) => value || null),
  requestedDeliveryOn: requestedDeliverySchema,
  // An entry of the company's address book: what ships is the book's copy, not the address typed beside it.
  addressId: z.preprocess(
    (value) => (value === '' ? null : value),
    z.uuid({ error: "Choose one of your company's addresses" }).nullish(),
  ),
  // "invoice": placed unpaid on the account's net terms (an admin grants them).
  paymentMethod: z
    .enum(['card', 'invoice'], { error: 'Payment method must be card or invoice' })
    .default('card'),
});
export type CheckoutInput = z.input<typeof checkoutSchema>;

/** `POST /api/create-payment-intent` for a whole checkout: one intent for its total. */
const checkoutPaymentSchema = z.object({ checkoutId: z.uuid({ error: 'Unknown checkout' }) });

/**
 * `POST /api/create-payment-intent`: `{ checkoutId }` pays a checkout; anything else is the order form, `{ orderId,
 * price? }`, with its own messages.
 */
export const paymentTargetSchema = z
  .looseObject({})
  .transform((body, ctx): { checkoutId: string } | z.infer<typeof paymentIntentSchema> => {
    const parsed =
      'checkoutId' in body
        ? checkoutPaymentSchema.safeParse(body)
        : paymentIntentSchema.safeParse(body);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues)
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    return z.NEVER;
  });
