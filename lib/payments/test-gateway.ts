import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { paymentIntents } from '@/lib/db/schema';
import { notFound } from '@/lib/errors';
import type { PaymentGateway, PaymentIntentInfo } from './gateway';
import { chargeTestCard } from './test-cards';

const randomId = (bytes: number) => randomBytes(bytes).toString('base64url').replace(/[-_]/g, 'x');

/** The embedded stand-in for Stripe: intents live in the database and test card numbers decide the outcome. */
export const testGateway: PaymentGateway & {
  confirm(
    clientSecret: string,
    card: { cardNumber: string; expiry: string; cvc: string },
  ): Promise<PaymentIntentInfo>;
} = {
  name: 'test',

  async createIntent(order) {
    const db = getDb();
    // Like Stripe's idempotency key per order and amount: asking again reuses the open intent.
    const [open] = await db
      .select()
      .from(paymentIntents)
      .where(
        and(
          eq(paymentIntents.orderId, order.id),
          eq(paymentIntents.amountCents, order.totalCents),
          eq(paymentIntents.status, 'requires_payment_method'),
        ),
      )
      .limit(1);
    if (open) return { id: open.id, clientSecret: open.clientSecret };
    const id = `pi_test_${randomId(18)}`;
    const clientSecret = `${id}_secret_${randomId(18)}`;
    await db
      .insert(paymentIntents)
      .values({ id, clientSecret, orderId: order.id, amountCents: order.totalCents });
    return { id, clientSecret };
  },

  async retrieve(id) {
    const [intent] = await getDb().select().from(paymentIntents).where(eq(paymentIntents.id, id));
    if (!intent) return null;
    return {
      id: intent.id,
      status: intent.status,
      amount: intent.amountCents,
      currency: intent.currency,
      orderId: intent.orderId,
    };
  },

  async confirm(clientSecret, card) {
    const db = getDb();
    const [intent] = await db
      .select()
      .from(paymentIntents)
      .where(eq(paymentIntents.clientSecret, clientSecret));
    if (!intent) throw notFound('This payment session does not exist');
    if (intent.status !== 'succeeded') {
      chargeTestCard(card);
      await db
        .update(paymentIntents)
        .set({ status: 'succeeded' })
        .where(eq(paymentIntents.id, intent.id));
    }
    return {
      id: intent.id,
      status: 'succeeded',
      amount: intent.amountCents,
      currency: intent.currency,
      orderId: intent.orderId,
    };
  },
};
