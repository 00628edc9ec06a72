import { getEnv } from '@/lib/env';
import type { PaymentGateway } from './gateway';
import { createStripeGateway } from './stripe-gateway';
import { testGateway } from './test-gateway';

export type { PaymentGateway, PaymentIntentInfo } from './gateway';

let stripeGateway: ReturnType<typeof createStripeGateway> | undefined;

/** Stripe when a secret key is set; otherwise the embedded test gateway, which production must opt into. */
export function getGateway(): PaymentGateway {
  const env = getEnv();
  if (env.STRIPE_SECRET_KEY && env.PAYMENTS !== 'test') return getStripeGateway();
  if (env.NODE_ENV === 'production' && env.PAYMENTS !== 'test') {
    throw new Error(
      'Payments are not configured: set STRIPE_SECRET_KEY, or PAYMENTS=test to take test cards in production.',
    );
  }
  return testGateway;
}

export function getStripeGateway(): ReturnType<typeof createStripeGateway> {
  const env = getEnv();
  if (!env.STRIPE_SECRET_KEY) throw new Error('STRIPE_SECRET_KEY is not set');
  stripeGateway ??= createStripeGateway({
    secretKey: env.STRIPE_SECRET_KEY,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    apiUrl: env.STRIPE_API_URL,
  });
  return stripeGateway;
}
