import { z } from 'zod';
import { text } from './fields';

// Paying an order: the payment intent, recording a payment, the embedded test gateway's card form.

export const paymentIntentSchema = z.object({
  orderId: z.uuid({ error: 'Unknown order' }),
  price: z.number({ error: 'price must be a number' }).optional(),
});

export const recordPaymentSchema = z.object({
  transactionId: text('transactionId is Required')
    .trim()
    .min(1, { error: 'transactionId is Required' })
    .max(255, { error: 'Unknown transaction' }),
});

export const testCardSchema = z.object({
  clientSecret: text('Payment session is missing')
    .min(1, { error: 'Payment session is missing' })
    .max(255),
  cardNumber: text('Your card number is incomplete.').max(40, {
    error: 'Your card number is invalid.',
  }),
  expiry: text("Your card's expiration date is incomplete.").max(10, {
    error: "Your card's expiration date is invalid.",
  }),
  cvc: text("Your card's security code is incomplete.").max(10, {
    error: "Your card's security code is invalid.",
  }),
});
export type TestCardInput = z.infer<typeof testCardSchema>;
