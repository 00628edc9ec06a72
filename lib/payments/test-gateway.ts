import { randomBytes } from 'node:crypto';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { paymentIntents, type PaymentIntent } from '@/lib/db/schema';
import { conflict, notFound } from '@/lib/errors';
import type { PaymentGateway, PaymentIntentInfo } from './gateway';
import { chargeTestCard } from './test-cards';

const randomId = (bytes: number) => randomBytes(bytes).toString('base64url').replace(/[-_]/g, 'x');

const toInfo = (intent: PaymentIntent): PaymentIntentInfo => ({
  id: intent.id,
  status: intent.status,
  amount: intent.amountCents,
  currency: intent.currency,
  orderId: intent.orderId,
  checkoutId: intent.checkoutId,
});

const cancelled = () => conflict('This payment was cancelled with its order');

/** The embedded stand-in for Stripe: intents live in the database and test card numbers decide the outcome. */
export const testGateway: PaymentGateway & {
  confirm(
    clientSecret: string,
    card: { cardNumber: string; expiry: string; cvc: string },
  ): Promise<PaymentIntentInfo>;
} = {
  name: 'test',

  async createIntent(payable, db = getDb()) {
    // Like Stripe's idempotency key per order and amount: asking again answers the same intent, also once it has
    // succeeded, so that a payment the shop has not recorded yet is never charged twice.
    const { checkoutId } = payable;
    const [existing] = await db
      .select()
      .from(paymentIntents)
      .where(
        and(
          eq(paymentIntents.checkoutId, checkoutId),
          eq(paymentIntents.amountCents, payable.totalCents),
          ne(paymentIntents.status, 'canceled'),
        ),
      )
      .limit(1);
    if (existing) return { id: existing.id, clientSecret: existing.clientSecret };
    const id = `pi_test_${randomId(18)}`;
    const clientSecret = `${id}_secret_${randomId(18)}`;
    await db
      .insert(paymentIntents)
      .values({ id, clientSecret, checkoutId, amountCents: payable.totalCents });
    return { id, clientSecret };
  },

  async retrieve(id) {
    const [intent] = await getDb().select().from(paymentIntents).where(eq(paymentIntents.id, id));
    return intent ? toInfo(intent) : null;
  },

  async confirm(clientSecret, card) {
    const db = getDb();
    const [intent] = await db
      .select()
      .from(paymentIntents)
      .where(eq(paymentIntents.clientSecret, clientSecret));
    if (!intent) throw notFound('This payment session does not exist');
    if (intent.status === 'canceled') throw cancelled();
    if (intent.status === 'succeeded') return toInfo(intent);
    chargeTestCard(card);
    // Only an open intent is charged: its order may have been cancelled since it was read.
    const [charged] = await db
      .update(paymentIntents)
      .set({ status: 'succeeded' })
      .where(and(eq(paymentIntents.id, intent.id), ne(paymentIntents.status, 'canceled')))
      .returning();
    if (!charged) throw cancelled();
    return toInfo(charged);
  },

  async cancel(intentIds) {
    if (intentIds.length === 0) return null;
    const closed = await getDb()
      .update(paymentIntents)
      .set({
        status: sql`CASE WHEN ${paymentIntents.status} = 'succeeded' THEN 'succeeded' ELSE 'canceled' END`,
      })
      .where(inArray(paymentIntents.id, [...intentIds]))
      .returning();
    const paid = closed.find((intent) => intent.status === 'succeeded');
    return paid ? toInfo(paid) : null;
  },
};
