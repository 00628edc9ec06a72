import Stripe from 'stripe';
import { badRequest, conflict } from '@/lib/errors';
import type { NotifyingGateway, PaymentIntentInfo } from './gateway';

export interface StripeSettings {
  secretKey: string;
  webhookSecret?: string;
  /** Tests point the SDK at a local stand-in for Stripe's API. */
  apiUrl?: string;
}

function client(settings: StripeSettings): Stripe {
  const api = settings.apiUrl ? new URL(settings.apiUrl) : undefined;
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 10_000,
    telemetry: false,
    ...(api && {
      host: api.hostname,
      port: api.port || (api.protocol === 'https:' ? 443 : 80),
      protocol: api.protocol === 'https:' ? 'https' : 'http',
    }),
  });
}

// Stripe refuses to cancel a PaymentIntent in any other status (and a processing one only for some methods).
const CANCELABLE = new Set<Stripe.PaymentIntent.Status>([
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'requires_capture',
]);

function toInfo(intent: Stripe.PaymentIntent): PaymentIntentInfo {
  return {
    id: intent.id,
    status: intent.status,
    amount: intent.amount,
    currency: intent.currency,
    orderId: intent.metadata?.orderId ?? null,
    checkoutId: intent.metadata?.checkoutId ?? null,
  };
}

export function createStripeGateway(settings: StripeSettings): NotifyingGateway {
  const stripe = client(settings);
  return {
    name: 'stripe',

    async createIntent(payable) {
      const intent = await stripe.paymentIntents.create(
        {
          amount: payable.totalCents,
          currency: 'usd',
          metadata: { checkoutId: payable.checkoutId },
        },
        // One intent per order and amount, however often the payment page is opened.
        { idempotencyKey: `checkout-${payable.checkoutId}-${payable.totalCents}` },
      );
      if (!intent.client_secret)
        throw new Error(`Stripe returned no client_secret for ${intent.id}`);
      return { id: intent.id, clientSecret: intent.client_secret };
    },

    async retrieve(id) {
      if (!/^pi_[A-Za-z0-9_]+$/.test(id)) return null;
      try {
        return toInfo(await stripe.paymentIntents.retrieve(id));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404)
          return null;
        throw error;
      }
    },

    async cancel(intentIds) {
      for (const id of intentIds) {
        let intent = await stripe.paymentIntents.retrieve(id);
        if (CANCELABLE.has(intent.status)) {
          try {
            intent = await stripe.paymentIntents.cancel(id);
          } catch (error) {
            if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
            // Its customer was quicker: the intent moved on between the two calls.
            intent = await stripe.paymentIntents.retrieve(id);
          }
        }
        if (intent.status === 'succeeded') return toInfo(intent);
        if (intent.status !== 'canceled') {
          throw conflict('A payment for this order is still being processed');
        }
      }
      return null;
    },

    parseWebhook(rawBody, signature) {
      if (!settings.webhookSecret) throw badRequest('Webhooks are not configured');
      if (!signature) throw badRequest('Missing Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
      } catch {
        throw badRequest('Invalid Stripe signature');
      }
      return {
        id: event.id,
        succeeded: event.type === 'payment_intent.succeeded' ? toInfo(event.data.object) : null,
      };
    },
  };
}
