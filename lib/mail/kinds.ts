import { z } from 'zod';

/** An order's mails list every line (each with its own number); the invoice, when named, travels as a PDF. */
const checkoutFields = {
  checkoutId: z.string(),
  number: z.number().int(),
  poNumber: z.string().nullable(),
  name: z.string(),
  lines: z.array(
    z.object({
      number: z.number().int(),
      product: z.string(),
      sku: z.string(),
      quantity: z.number().int(),
      unitPriceCents: z.number().int(),
      totalCents: z.number().int(),
    }),
  ),
  /** gross: the lines' net amounts plus their VAT */
  totalCents: z.number().int(),
  /** the VAT inside the total (absent from mails queued before tax by buyer) */
  taxCents: z.number().int().optional(),
  /** absolute: the checkout's page (Pay now) */
  link: z.string(),
  /** the invoice this mail carries as a PDF attachment */
  invoiceNumber: z.string().optional(),
};

const shipmentPiece = z.object({
  number: z.number().int(),
  product: z.string(),
  sku: z.string(),
  quantity: z.number().int(),
});

/** A shipment's mail: what went in this parcel, what is still to come, and how to follow it. */
const shipmentFields = {
  shipmentNumber: z.string(),
  /** the order's reference as the buyer reads it: "checkout C-1001" or "order #1042" */
  reference: z.string(),
  name: z.string(),
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  shipped: z.array(shipmentPiece),
  toCome: z.array(shipmentPiece),
  /** absolute: My Orders */
  link: z.string(),
};

/** A quote's mails name it and link to its page; a message's text travels as data and is rendered as text. */
const quoteFields = {
  number: z.number().int(),
  name: z.string(),
  /** absolute: the quote's page */
  link: z.string(),
};

/** What each kind of mail needs; a row's `data` is checked against it before it is rendered. */
export const mailData = {
  password_reset: z.object({ name: z.string(), link: z.string() }),
  email_verification: z.object({ name: z.string(), link: z.string() }),
  password_changed: z.object({ name: z.string(), link: z.string() }),
  account_closed: z.object({
    name: z.string(),
    cancelledOrders: z.number().int(),
    keptOrders: z.number().int(),
  }),
  /** `newAccount`: the address had no account, so the link opens one */
  sign_in_link: z.object({ name: z.string(), link: z.string(), newAccount: z.boolean() }),
  low_stock: z.object({
    product: z.string(),
    quantity: z.number().int(),
    minQuantity: z.number().int(),
    /** absolute: the product's edit page */
    link: z.string(),
  }),
  /** net terms: 3 days before the due date (`before`) and the day after it (`after`) */
  invoice_reminder: z.object({
    name: z.string(),
    invoiceNumber: z.string(),
    dueCents: z.number().int(),
    dueOn: z.string(),
    when: z.enum(['before', 'after']),
    bank: z.string(),
    /** absolute: My Profile, with the open invoices */
    link: z.string(),
  }),
  checkout_placed: z.object(checkoutFields),
  checkout_paid: z.object({ ...checkoutFields, transactionId: z.string() }),
  checkout_cancelled: z.object({
    ...checkoutFields,
    by: z.enum(['customer', 'admin', 'account_removed']),
  }),
  shipment_sent: z.object(shipmentFields),
  quote_requested: z.object({ ...quoteFields, customer: z.string(), text: z.string() }),
  quote_answered: z.object({
    ...quoteFields,
    totalCents: z.number().int(),
    leadTimeDays: z.number().int(),
    validUntil: z.string(),
  }),
  quote_message: z.object({ ...quoteFields, from: z.string(), text: z.string() }),
  quote_expired: z.object({ ...quoteFields, validUntil: z.string() }),
  /** to the invited address: who invites, to which company, as what; the link is single use for 7 days */
  company_invitation: z.object({
    company: z.string(),
    inviter: z.string(),
    role: z.enum(['owner', 'approver', 'buyer']),
    /** absolute: the page that accepts it after signing in or up with that address */
    link: z.string(),
  }),
};

export type MailKind = keyof typeof mailData;
export type MailData<K extends MailKind> = z.infer<(typeof mailData)[K]>;
export type CheckoutMailData = z.infer<(typeof mailData)['checkout_placed']>;

export const isMailKind = (kind: string): kind is MailKind => Object.hasOwn(mailData, kind);
