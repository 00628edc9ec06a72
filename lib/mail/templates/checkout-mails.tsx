import { formatCents, formatCheckoutNumber, formatOrderNumber } from '@/lib/format';
import type { CheckoutMailData, MailData } from '@/lib/mail/kinds';
import { MailLayout, OrderStateLine } from './layout';

/** Every line of the order (net), the PO number, the VAT when there is any, and the total. */
function CheckoutLines(checkout: CheckoutMailData) {
  return (
    <>
      <p>
        Order {formatCheckoutNumber(checkout.number)}
        {checkout.poNumber && <> · PO number {checkout.poNumber}</>}
      </p>
      <table cellPadding={4}>
        <thead>
          <tr>
            <th align="left">Line</th>
            <th align="left">Product</th>
            <th align="left">SKU</th>
            <th align="right">Quantity</th>
            <th align="right">Unit price</th>
            <th align="right">Total</th>
          </tr>
        </thead>
        <tbody>
          {checkout.lines.map((line) => (
            <tr key={line.number}>
              <td>{formatOrderNumber(line.number)}</td>
              <td>{line.product}</td>
              <td>{line.sku}</td>
              <td align="right">{line.quantity} pieces</td>
              <td align="right">{formatCents(line.unitPriceCents)}</td>
              <td align="right">{formatCents(line.totalCents)}</td>
            </tr>
          ))}
          {Boolean(checkout.taxCents) && (
            <tr>
              <td colSpan={5}>VAT</td>
              <td align="right">{formatCents(checkout.taxCents!)}</td>
            </tr>
          )}
          <tr>
            <td colSpan={5}>Total</td>
            <td align="right">
              <strong>{formatCents(checkout.totalCents)}</strong>
            </td>
          </tr>
        </tbody>
      </table>
    </>
  );
}

export function CheckoutPlacedMail(checkout: MailData<'checkout_placed'>) {
  return (
    <MailLayout
      heading="Thank you for your order"
      action={{ label: 'Pay now', href: checkout.link }}
    >
      <p>Hello {checkout.name}, we have your order:</p>
      <OrderStateLine state="unpaid" />
      <CheckoutLines {...checkout} />
      {checkout.invoiceNumber ? (
        // On net terms it ships before it is paid: the invoice, attached, says when it is due.
        <p>
          It is placed on your terms: we ship it now, and you pay invoice {checkout.invoiceNumber}{' '}
          by bank transfer.
        </p>
      ) : (
        <p>We ship it once it is paid: one payment covers every line.</p>
      )}
    </MailLayout>
  );
}

export function CheckoutPaidMail(checkout: MailData<'checkout_paid'>) {
  return (
    <MailLayout heading="Payment received" action={{ label: 'My Orders', href: checkout.link }}>
      <p>Hello {checkout.name}, thank you for your payment. This is your receipt:</p>
      <OrderStateLine state="paid" />
      <CheckoutLines {...checkout} />
      <p>Transaction id: {checkout.transactionId}</p>
    </MailLayout>
  );
}

const cancelledBy = {
  customer: 'You cancelled this order.',
  admin: 'Our team cancelled this order.',
  account_removed: 'This order was cancelled because the account was removed.',
};

export function CheckoutCancelledMail(checkout: MailData<'checkout_cancelled'>) {
  return (
    <MailLayout
      heading="Your order was cancelled"
      action={{ label: 'Visit the shop', href: checkout.link }}
    >
      <p>Hello {checkout.name},</p>
      <p>{cancelledBy[checkout.by]} Nothing was charged.</p>
      <OrderStateLine state="cancelled" />
      <CheckoutLines {...checkout} />
    </MailLayout>
  );
}
