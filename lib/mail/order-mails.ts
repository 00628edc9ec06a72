import type { Database } from '@/lib/db/client';
import type { Order } from '@/lib/db/schema';
import type { MailData, OrderMailData } from '@/lib/mail/kinds';
import { enqueueMail } from '@/lib/mail/outbox';

type OrderMailKind = 'payment_received' | 'order_shipped' | 'order_cancelled';
type Extra<K extends OrderMailKind> = Omit<MailData<K>, keyof OrderMailData> &
  Pick<OrderMailData, 'invoiceNumber'>;

const PATHS: Record<OrderMailKind, (order: Order) => string> = {
  payment_received: () => '/dashboard/myorder',
  order_shipped: () => '/dashboard/myorder',
  order_cancelled: () => '/',
};

/** Queues the mail of an order event in the event's own transaction (order placed is queued by its statement). */
export async function queueOrderMail<K extends OrderMailKind>(
  tx: Pick<Database, 'insert'>,
  kind: K,
  order: Order,
  origin: string,
  extra: Extra<K>,
): Promise<void> {
  const data = {
    orderId: order.id,
    number: order.number,
    name: order.userName,
    product: order.productName,
    quantity: order.quantity,
    totalCents: order.totalCents,
    link: `${origin}${PATHS[kind](order)}`,
    ...extra,
  } as MailData<K>;
  await enqueueMail(tx, kind, order.email, data);
}
