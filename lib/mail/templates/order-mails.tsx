import { formatCents } from '@/lib/format';
import type { MailData, OrderMailData } from '@/lib/mail/kinds';
import { orderReference } from '@/lib/mail/order-reference';
import { MailLayout } from './layout';

function OrderLines(order: OrderMailData) {
  return (
    <table cellPadding={4}>
      <tbody>
        <tr>
          <td>Order</td>
          <td>{orderReference(order)}</td>
        </tr>
        <tr>
          <td>Product</td>
          <td>{order.product}</td>
        </tr>
        <tr>
          <td>Quantity</td>
          <td>{order.quantity} pieces</td>
        </tr>
        <tr>
          <td>Total</td>
          <td>{formatCents(order.totalCents)}</td>
        </tr>
      </tbody>
    </table>
  );
}

export function OrderPlacedMail(order: MailData<'order_placed'>) {
  return (
    <MailLayout heading="Thank you for your order" action={{ label: 'Pay', href: order.link }}>
      <p>Hello {order.name}, we have your order:</p>
      <OrderLines {...order} />
      <p>We ship it once it is paid.</p>
    </MailLayout>
  );
}

export function PaymentReceivedMail(order: MailData<'payment_received'>) {
  return (
    <MailLayout heading="Payment received" action={{ label: 'My Orders', href: order.link }}>
      <p>Hello {order.name}, thank you for your payment. This is your receipt:</p>
      <OrderLines {...order} />
      <p>Transaction id: {order.transactionId}</p>
    </MailLayout>
  );
}

export function OrderShippedMail(order: MailData<'order_shipped'>) {
  return (
    <MailLayout
      heading="Your order is on its way"
      action={{ label: 'My Orders', href: order.link }}
    >
      <p>Hello {order.name}, we have shipped your order:</p>
      <OrderLines {...order} />
    </MailLayout>
  );
}

const cancelledBy = {
  customer: 'You cancelled this order.',
  admin: 'Our team cancelled this order.',
  account_removed: 'This order was cancelled because the account was removed.',
};

export function OrderCancelledMail(order: MailData<'order_cancelled'>) {
  return (
    <MailLayout
      heading="Your order was cancelled"
      action={{ label: 'Visit the shop', href: order.link }}
    >
      <p>Hello {order.name},</p>
      <p>{cancelledBy[order.by]} Nothing was charged.</p>
      <OrderLines {...order} />
    </MailLayout>
  );
}
