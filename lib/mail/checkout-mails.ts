import type { Database } from '@/lib/db/client';
import type { Order } from '@/lib/db/schema';
import type { CheckoutMailData, MailData } from '@/lib/mail/kinds';
import { enqueueMail } from '@/lib/mail/outbox';

type CheckoutMailKind =
  | 'checkout_placed'
  | 'checkout_paid'
  | 'checkout_cancelled'
  | 'checkout_approved'
  | 'approval_requested';
type Extra<K extends CheckoutMailKind> = Omit<MailData<K>, keyof CheckoutMailData> &
  Pick<CheckoutMailData, 'invoiceNumber'>;

const PATHS: Record<CheckoutMailKind, (checkoutId: string) => string> = {
  checkout_placed: (checkoutId) => `/checkout/${checkoutId}`,
  checkout_paid: () => '/dashboard/myorder',
  checkout_cancelled: () => '/',
  checkout_approved: (checkoutId) => `/checkout/${checkoutId}`,
  // The order's page, where its approvers find Approve and Decline.
  approval_requested: (checkoutId) => `/checkout/${checkoutId}`,
};

/**
 * Queues the one mail of a checkout event (placed, paid, cancelled, approval) in the event's own transaction: every line of
 * the checkout in one mail, never a mail per line.
 */
export async function queueCheckoutMail<K extends CheckoutMailKind>(
  tx: Pick<Database, 'insert'>,
  kind: K,
  checkout: { id: string; number: number; poNumber: string | null },
  lines: readonly Order[],
  origin: string,
  extra: Extra<K>,
  /** someone other than the buyer (an approver) */
  recipient?: string,
): Promise<void> {
  const first = lines[0];
  if (!first) return;
  const data = {
    checkoutId: checkout.id,
    number: checkout.number,
    poNumber: checkout.poNumber,
    name: first.userName,
    lines: lines.map((order) => ({
      number: order.number,
      product: order.productName,
      sku: order.sku,
      quantity: order.quantity,
      unitPriceCents: order.unitPriceCents,
      totalCents: order.totalCents,
    })),
    // gross: what the buyer was charged, the lines' VAT included
    totalCents: lines.reduce((sum, order) => sum + order.totalCents + order.taxCents, 0),
    taxCents: lines.reduce((sum, order) => sum + order.taxCents, 0),
    link: `${origin}${PATHS[kind](checkout.id)}`,
    ...extra,
  } as MailData<K>;
  await enqueueMail(tx, kind, recipient ?? first.email, data);
}
