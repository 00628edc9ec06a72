import type { Database } from '@/lib/db/client';

/** What the shop needs from a card payment provider; Stripe and the embedded test gateway both provide it. */
export interface PaymentIntentInfo {
  id: string;
  /** Stripe's PaymentIntent status: only 'succeeded' pays an order */
  status: string;
  /** cents */
  amount: number;
  currency: string;
  /**
   * the order document it pays for; an intent made before orders became documents may name one line instead
   * (`orderId`)
   */
  orderId: string | null;
  checkoutId: string | null;
}

/** What an intent is created for: an order document (every line of it, one amount). */
export interface Payable {
  checkoutId: string;
  totalCents: number;
}

export interface PaymentGateway {
  readonly name: 'stripe' | 'test';
  /** `db` is the transaction of the request that asks (an Idempotency-Key's), for gateways that keep intents there. */
  createIntent(payable: Payable, db?: Database): Promise<{ id: string; clientSecret: string }>;
  /** null when the provider knows no such payment */
  retrieve(id: string): Promise<PaymentIntentInfo | null>;
  /**
   * Makes sure none of these intents can be paid from now on; answers the one that already has been, if any (an
   * order's payment can succeed before the shop records it: a closed browser, a webhook still on its way).
   */
  cancel(intentIds: readonly string[]): Promise<PaymentIntentInfo | null>;
}

/** A gateway's notification in the shop's terms: only a payment that succeeded changes anything. */
export interface PaymentEvent {
  /** the gateway's event id: each event is applied once */
  id: string;
  succeeded: PaymentIntentInfo | null;
}

/** A gateway that also notifies the shop (Stripe's webhook): a verified, parsed event or a 400. */
export interface NotifyingGateway extends PaymentGateway {
  parseWebhook(rawBody: string, signature: string | null): PaymentEvent;
}
