import Stripe from 'stripe';
import { badRequest } from '@/lib/errors';
import type { PaymentGateway, PaymentIntentInfo } from './gateway';

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

function toInfo(intent: Stripe.PaymentIntent): PaymentIntentInfo {
  return {
    id: intent.id,
    status: intent.status,
    amount: intent.amount,
    currency: intent.currency,
    orderId: intent.metadata?.orderId ?? null,
  };
}

export function createStripeGateway(settings: StripeSettings): PaymentGateway & {
  parseWebhook(rawBody: string, signature: string | null): Stripe.Event;
} {
  const stripe = client(settings);
  return {
    name: 'stripe',

    async createIntent(order) {
      const intent = await stripe.paymentIntents.create(
        {
          amount: order.totalCents,
          currency: 'usd',
          metadata: { orderId: order.id },
        },
        // One intent per order and amount, however often the payment page is opened.
        { idempotencyKey: `order-${order.id}-${order.totalCents}` },
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

    parseWebhook(rawBody, signature) {
      if (!settings.webhookSecret) throw badRequest('Webhooks are not configured');
      if (!signature) throw badRequest('Missing Stripe-Signature header');
      try {
        return stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
      } catch {
        throw badRequest('Invalid Stripe signature');
      }
    },
  };
}
