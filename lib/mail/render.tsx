import { render, toPlainText } from '@react-email/render';
import type { ReactElement } from 'react';
import { formatCheckoutNumber, formatDay, formatQuoteNumber } from '@/lib/format';
import { SHOP_NAME } from '@/lib/mail/config';
import { isMailKind, mailData, type MailData, type MailKind } from '@/lib/mail/kinds';
import {
  AccountClosedMail,
  EmailVerificationMail,
  PasswordChangedMail,
  PasswordResetMail,
} from '@/lib/mail/templates/account-mails';
import {
  CheckoutCancelledMail,
  CheckoutPaidMail,
  CheckoutPlacedMail,
} from '@/lib/mail/templates/checkout-mails';
import {
  QuoteAnsweredMail,
  QuoteExpiredMail,
  QuoteMessageMail,
  QuoteRequestedMail,
} from '@/lib/mail/templates/quote-mails';
import { ShipmentSentMail, shipmentState } from '@/lib/mail/templates/shipment-mail';
import { ORDER_STATE_LABELS } from '@/lib/order-status';
import { SignInLinkMail } from '@/lib/mail/templates/sign-in-link-mail';
import { InvoiceReminderMail } from '@/lib/mail/templates/invoice-reminder-mail';
import { CompanyInvitationMail } from '@/lib/mail/templates/company-mails';
import { LowStockMail } from '@/lib/mail/templates/low-stock-mail';

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

type Templates = {
  [K in MailKind]: {
    subject: (data: MailData<K>) => string;
    body: (data: MailData<K>) => ReactElement;
  };
};

const templates: Templates = {
  password_reset: {
    subject: () => `Reset your ${SHOP_NAME} password`,
    body: (data) => <PasswordResetMail {...data} />,
  },
  email_verification: {
    subject: () => `Verify your email for ${SHOP_NAME}`,
    body: (data) => <EmailVerificationMail {...data} />,
  },
  password_changed: {
    subject: () => `Your ${SHOP_NAME} password was changed`,
    body: (data) => <PasswordChangedMail {...data} />,
  },
  account_closed: {
    subject: () => `Your ${SHOP_NAME} account is closed`,
    body: (data) => <AccountClosedMail {...data} />,
  },
  sign_in_link: {
    subject: (data) =>
      data.newAccount ? `Open your ${SHOP_NAME} account` : `Sign in to ${SHOP_NAME}`,
    body: (data) => <SignInLinkMail {...data} />,
  },
  low_stock: {
    subject: (data) => `${SHOP_NAME}: ${data.product} is below its minimum order`,
    body: (data) => <LowStockMail {...data} />,
  },
  invoice_reminder: {
    subject: (data) =>
      data.when === 'before'
        ? `${SHOP_NAME}: invoice ${data.invoiceNumber} is due on ${formatDay(`${data.dueOn}T00:00:00Z`)}`
        : `${SHOP_NAME}: invoice ${data.invoiceNumber} is overdue`,
    body: (data) => <InvoiceReminderMail {...data} />,
  },
  checkout_placed: {
    subject: (data) =>
      `${SHOP_NAME}: order ${checkoutReference(data)} placed, ${ORDER_STATE_LABELS.unpaid}`,
    body: (data) => <CheckoutPlacedMail {...data} />,
  },
  checkout_paid: {
    subject: (data) =>
      `${SHOP_NAME}: order ${checkoutReference(data)} is ${ORDER_STATE_LABELS.paid}`,
    body: (data) => <CheckoutPaidMail {...data} />,
  },
  checkout_cancelled: {
    subject: (data) =>
      `${SHOP_NAME}: order ${checkoutReference(data)} is ${ORDER_STATE_LABELS.cancelled}`,
    body: (data) => <CheckoutCancelledMail {...data} />,
  },
  shipment_sent: {
    subject: (data) =>
      `${SHOP_NAME}: your ${data.reference} is ${ORDER_STATE_LABELS[shipmentState(data)]} (shipment ${data.shipmentNumber})`,
    body: (data) => <ShipmentSentMail {...data} />,
  },
  quote_requested: {
    subject: (data) => `${SHOP_NAME}: quote ${formatQuoteNumber(data.number)} requested`,
    body: (data) => <QuoteRequestedMail {...data} />,
  },
  quote_answered: {
    subject: (data) => `${SHOP_NAME}: your quote ${formatQuoteNumber(data.number)} is answered`,
    body: (data) => <QuoteAnsweredMail {...data} />,
  },
  quote_message: {
    subject: (data) => `${SHOP_NAME}: new message on quote ${formatQuoteNumber(data.number)}`,
    body: (data) => <QuoteMessageMail {...data} />,
  },
  company_invitation: {
    subject: (data) => `${SHOP_NAME}: ${data.inviter} invites you to buy for ${data.company}`,
    body: (data) => <CompanyInvitationMail {...data} />,
  },
  quote_expired: {
    subject: (data) => `${SHOP_NAME}: quote ${formatQuoteNumber(data.number)} expired`,
    body: (data) => <QuoteExpiredMail {...data} />,
  },
};

/** A checkout in a subject: its number and, when the buyer gave one, their PO number. */
const checkoutReference = (data: { number: number; poNumber: string | null }) =>
  `${formatCheckoutNumber(data.number)}${data.poNumber ? ` (PO ${data.poNumber})` : ''}`;

async function renderKind<K extends MailKind>(kind: K, data: unknown): Promise<RenderedMail> {
  const template = templates[kind] as Templates[K];
  const parsed = mailData[kind].parse(data) as MailData<K>;
  const html = await render(template.body(parsed));
  // html-to-text shouts headings by default; a mail's heading reads better as written.
  const text = toPlainText(html, {
    selectors: [{ selector: 'h1', options: { uppercase: false } }],
  });
  return { subject: template.subject(parsed), html, text };
}

/** A queued mail's subject, HTML and plain text; an unknown kind or malformed data is an error the row keeps. */
export async function renderMail(kind: string, data: unknown): Promise<RenderedMail> {
  if (!isMailKind(kind)) throw new Error(`Unknown kind of mail: ${kind}`);
  return renderKind(kind, data);
}
