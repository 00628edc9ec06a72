import { formatCents, formatCheckoutNumber, formatDateTime, formatOrderNumber } from '@/lib/format';
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
  if (checkout.awaitingApproval) return <AwaitingApprovalMail {...checkout} />;
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

/** A buyer's order above their spending limit: placed and its stock held, but nothing to pay until it is approved. */
function AwaitingApprovalMail(checkout: MailData<'checkout_placed'>) {
  return (
    <MailLayout
      heading="Your order waits for approval"
      action={{ label: 'View order', href: checkout.link }}
    >
      <p>Hello {checkout.name}, we have your order and hold its stock:</p>
      <OrderStateLine state="awaiting_approval" />
      <CheckoutLines {...checkout} />
      <p>
        It is above your spending limit, so an approver of your company decides on it
        {checkout.approvalExpiresAt && <> by {formatDateTime(checkout.approvalExpiresAt)}</>}.
        Nothing is charged or invoiced until then; we write to you when they have decided.
      </p>
    </MailLayout>
  );
}

/** To a company's owners and approvers: the order waits for one of them, on its page. */
export function ApprovalRequestedMail(checkout: MailData<'approval_requested'>) {
  return (
    <MailLayout
      heading="An order waits for your approval"
      action={{ label: 'Review order', href: checkout.link }}
    >
      <p>
        {checkout.buyer} placed an order above their spending limit. Approve or decline it on its
        page by {formatDateTime(checkout.approvalExpiresAt)}; after that it is cancelled and its
        stock released.
      </p>
      <OrderStateLine state="awaiting_approval" />
      <CheckoutLines {...checkout} />
    </MailLayout>
  );
}

/** To the buyer: approved, so it is paid by card now, or invoiced on the company's terms (the invoice attached). */
export function CheckoutApprovedMail(checkout: MailData<'checkout_approved'>) {
  return (
    <MailLayout
      heading="Your order is approved"
      action={{ label: checkout.invoiceNumber ? 'View order' : 'Pay now', href: checkout.link }}
    >
      <p>
        Hello {checkout.name}, {checkout.approvedBy} approved your order.
      </p>
      <OrderStateLine state="unpaid" />
      <CheckoutLines {...checkout} />
      {checkout.invoiceNumber ? (
        <p>
          It is placed on your company&apos;s terms: we ship it now, and your company pays invoice{' '}
          {checkout.invoiceNumber} by bank transfer.
        </p>
      ) : (
        <p>We ship it once it is paid: one payment covers every line.</p>
      )}
    </MailLayout>
  );
}

const cancelledBy = {
  customer: 'You cancelled this order.',
  admin: 'Our team cancelled this order.',
  account_removed: 'This order was cancelled because the account was removed.',
  approver: 'An approver of your company declined this order, so it is cancelled.',
  approval_expired:
    'Nobody of your company approved this order within 72 hours, so it is cancelled.',
};

export function CheckoutCancelledMail(checkout: MailData<'checkout_cancelled'>) {
  return (
    <MailLayout
      heading="Your order was cancelled"
      action={{ label: 'Visit the shop', href: checkout.link }}
    >
      <p>Hello {checkout.name},</p>
      <p>{cancelledBy[checkout.by]} Nothing was charged.</p>
      {checkout.reason && <p>Their reason: {checkout.reason}</p>}
      <OrderStateLine state="cancelled" />
      <CheckoutLines {...checkout} />
    </MailLayout>
  );
}
