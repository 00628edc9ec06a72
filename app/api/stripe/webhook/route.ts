import { route } from '@/lib/http';
import { applyStripeWebhook } from '@/lib/payments/checkout';
import { originOfRequest } from '@/lib/site-origin';

// The signature covers the raw bytes: read the body as text, never as parsed JSON.
export const POST = route(async (request) =>
  Response.json(
    await applyStripeWebhook(
      await request.text(),
      request.headers.get('stripe-signature'),
      originOfRequest(request),
    ),
  ),
);
