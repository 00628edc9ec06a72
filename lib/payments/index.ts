import { getEnv } from '@/lib/env';
import { AppError } from '@/lib/errors';
import type { NotifyingGateway, PaymentGateway } from './gateway';
import { createStripeGateway } from './stripe-gateway';
import { testGateway } from './test-gateway';

let stripeGateway: NotifyingGateway | undefined;

/**
 * Whether cards can be taken: Stripe when a secret key is set; otherwise the test gateway, which a production server on
 * PostgreSQL must opt into (PAYMENTS=test) so that a real deployment never takes fake cards by accident. The embedded
 * database is a demo in any mode: it always has the test gateway (docs/ARCHITECTURE.md, What the code relies on), also
 * under `next start`.
 */
export function paymentsConfigured(): boolean {
  const env = getEnv();
  return Boolean(
    env.STRIPE_SECRET_KEY ||
    env.PAYMENTS === 'test' ||
    env.NODE_ENV !== 'production' ||
    !env.DATABASE_URL,
  );
}

export function getGateway(): PaymentGateway {
  const env = getEnv();
  if (env.STRIPE_SECRET_KEY && env.PAYMENTS !== 'test') return getStripeGateway();
  if (!paymentsConfigured()) {
    throw new AppError(503, 'unavailable', 'Card payments are not configured on this shop');
  }
  return testGateway;
}

export function getStripeGateway(): NotifyingGateway {
  const env = getEnv();
  if (!env.STRIPE_SECRET_KEY) throw new Error('STRIPE_SECRET_KEY is not set');
  stripeGateway ??= createStripeGateway({
    secretKey: env.STRIPE_SECRET_KEY,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    apiUrl: env.STRIPE_API_URL,
  });
  return stripeGateway;
}
