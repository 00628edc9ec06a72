import { otherMethods, readBoundedText, route } from '@/lib/http';
import { applyStripeWebhook } from '@/lib/orders/payment';
import { mailOrigin } from '@/lib/mail/config';

// Stripe's events are a few kilobytes; a payment_intent event with every field set stays far below this.
const MAX_WEBHOOK_BYTES = 512 * 1024;

// The signature covers the raw bytes: read the body as text, never as parsed JSON.
export const POST = route(async (request) =>
  Response.json(
    await applyStripeWebhook(
      await readBoundedText(request, MAX_WEBHOOK_BYTES),
      request.headers.get('stripe-signature'),
      mailOrigin(),
    ),
  ),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
