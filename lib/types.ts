// Shapes of the REST contract (docs/PRODUCT.md, The REST contract): what API clients and client components receive.

import type { ApiKeyScope } from '@/lib/validation/api-keys';

export type Role = 'admin' | 'customer';

export interface PriceBreakDto {
  /** from this many pieces on */
  minQuantity: number;
  /** dollars per unit */
  price: number;
}

/** Quick order's SKU look-up: a tool as the buyer types, priced at the quantity they typed. */
export interface ToolSuggestionDto {
  _id: string;
  sku: string;
  name: string;
  /** pieces in stock */
  quantity: number;
  min_quantity: number;
  /** the pieces the price is for: the typed quantity, else the minimum order */
  pricedFor: number;
  /** dollars per piece at `pricedFor` pieces (its price break) */
  unitPrice: number;
}

export interface ToolDto {
  _id: string;
  /** part number: 3–32 characters of A–Z, 0–9 and - */
  sku: string;
  name: string;
  about: string;
  /** dollars per unit */
  price: number;
  /** stock, pieces */
  quantity: number;
  /** minimum order, pieces */
  min_quantity: number;
  image: string;
  /** lowest threshold first; the unit price is the highest break the quantity reaches, else `price` */
  priceBreaks: PriceBreakDto[];
  /** what it is sold by: a UN/ECE Rec 20 code, `C62` (one piece) unless set */
  unitOfMeasure: string;
  /** UNSPSC commodity code, 8 digits, or null */
  unspsc: string | null;
}

export interface OrderDto {
  _id: string;
  /** short, stable order number shown to people ("#1042") */
  number: number;
  toolId: string;
  name: string;
  /** the tool's part number when the order was placed */
  sku: string;
  /** dollars per unit: the base price or the break the quantity reached */
  price: number;
  quantity: number;
  /** dollars */
  total: number;
  email: string;
  userName: string;
  address: string;
  phone: string;
  paid: boolean;
  transactionId: string | null;
  /** when the payment was recorded (ISO), null while unpaid */
  paidAt: string | null;
  shipped: boolean;
  /** the order document this row is a line of (paid and cancelled with it; one line when placed alone) */
  checkoutId: string;
  checkoutNumber: number;
  /** the invoice, once the order (or its checkout) has one, and the day it is due when on terms */
  invoiceNumber?: string;
  dueDate?: string;
  /** the buyer's purchase order number, given at checkout */
  poNumber: string | null;
  createdAt: string;
}

export interface ReviewDto {
  _id: string;
  /** null when the reviewer named no tool */
  toolName: string | null;
  userName: string;
  userReview: string;
  rating: number;
  image: string | null;
  createdAt: string;
}

export interface UserDto {
  _id: string;
  name: string | null;
  email: string;
  role: Role;
  displayName: string | null;
  education: string | null;
  institution: string | null;
  address: string | null;
  phone: string | null;
  linkedIn: string | null;
  /** the address was confirmed by a mailed link or by Google */
  verified: boolean;
  /** an admin disabled the account: it can not sign in or call the API */
  disabled: boolean;
  /** All Users: the company name the buyer gave for invoices */
  company?: string | null;
  /** All Users: the net terms an admin granted (credit limit in dollars) */
  terms?: { netDays: number; creditLimit: number } | null;
}

/** One entry of an order's history (GET-free: the order page reads it on the server). */
export interface OrderEventDto {
  kind: 'placed' | 'payment_started' | 'paid' | 'shipped' | 'cancelled';
  actor: 'customer' | 'admin' | 'payment_webhook' | 'shop';
  reference: string | null;
  at: string;
}

/** One line of `GET /api/cart`: the tool at today's price for this quantity. */
export interface CartLineDto {
  toolId: string;
  name: string;
  sku: string;
  image: string;
  quantity: number;
  /** dollars per piece at the price break this quantity reaches */
  unitPrice: number;
  /** dollars */
  lineTotal: number;
  /** the tool's limits today: the quantity can be set within [minQuantity, available] */
  minQuantity: number;
  available: number;
  /** why this line can not be checked out as it is (tool removed, stock or minimum changed) */
  problem?: string;
}

export interface CartDto {
  lines: CartLineDto[];
  /** dollars: the lines that can be ordered */
  subtotal: number;
  /** dollars saved by price breaks against the base prices */
  savings: number;
  /** what checking out would charge: the subtotal as net, VAT by rate, gross */
  tax: TaxSummaryDto;
  /** on the first answer after signing in: what became of the cart filled before (docs/PRODUCT.md) */
  merged?: CartMergeDto;
}

/** One line of a guest cart as the sign-in merge left it (`quantity`: what the account's cart now holds of it). */
export interface CartMergeLine {
  toolId: string;
  sku: string;
  name: string;
  quantity: number;
  /** why it was lowered (capped) or left out (refused) */
  message?: string;
}

/** What merging the cart filled before signing in did: lines added or summed, capped to the limits, refused. */
export interface CartMergeDto {
  added: CartMergeLine[];
  capped: CartMergeLine[];
  refused: CartMergeLine[];
}

/** A saved list (requisition list) in the caller's lists. */
export interface ListSummaryDto {
  _id: string;
  name: string;
  /** how many lines it holds */
  lineCount: number;
  createdAt: string;
  updatedAt: string;
}

/** One line of a saved list, with its tool as it is today. */
export interface ListLineDto {
  toolId: string;
  sku: string;
  name: string;
  image: string;
  quantity: number;
  /** dollars per piece at the price break this quantity reaches, today */
  unitPrice: number;
  minQuantity: number;
  available: number;
  /** why this line could not be ordered as it is today */
  problem?: string;
}

export interface ListDto extends Omit<ListSummaryDto, 'lineCount'> {
  lines: ListLineDto[];
}

/** A line a quick order or "Order again" refused, and why. */
export interface CartLineProblem {
  /** the line's number in what was sent (quick order), or the tool (order again) */
  line?: number;
  /** the SKU as sent (trimmed, upper case), when the line named one (quick order) */
  sku?: string;
  toolId?: string;
  message: string;
}

/** A placed checkout, as its confirmation page and My Orders show it. */
export interface CheckoutDto {
  checkoutId: string;
  number: number;
  poNumber: string | null;
  /** YYYY-MM-DD: the day the buyer asked to receive it */
  requestedDeliveryOn: string | null;
  /** dollars: what the buyer pays, VAT included */
  total: number;
  tax: TaxSummaryDto;
  paid: boolean;
  /** a buyer's order above their spending limit, waiting for an approver of their company: not payable yet */
  awaitingApproval: boolean;
  transactionId: string | null;
  paidAt: string | null;
  createdAt: string;
  orders: OrderDto[];
  /** dollars: the total less what the ledger received or wrote off, plus what it owes back */
  amountDue: number;
  /** dollars: owed back to the buyer and not yet paid back */
  refundOwed: number;
  payments: PaymentDto[];
  /** placed → partially_shipped → shipped; cancelled once its lines are gone */
  status: 'placed' | 'partially_shipped' | 'shipped' | 'cancelled';
  /** each line's pieces: shipped so far and back-ordered (not in stock yet), in the order they were placed */
  lines: {
    orderId: string;
    number: number;
    sku: string;
    quantity: number;
    shipped: number;
    backOrdered: number;
  }[];
  shipments: {
    number: string;
    lines: { orderId: string; quantity: number }[];
    carrier: string | null;
    trackingNumber: string | null;
    shippedAt: string;
  }[];
}

/** A buyer's company details, printed on invoices (`PUT /api/user/company`). */
export interface CompanyDto {
  companyName: string | null;
  taxId: string | null;
  billingAddress: string | null;
  /** ISO 3166-1 alpha-2 of the billing address: with the VAT id, how the buyer is taxed */
  country: string | null;
  /** BT-10 of e-invoices (a Leitweg-ID, say) */
  buyerReference: string | null;
}

export type CompanyRoleName = 'owner' | 'approver' | 'buyer';

/** A member of a company as `GET /api/company` lists them (dollars). */
export interface CompanyMemberDto {
  userId: string;
  email: string;
  name: string | null;
  role: CompanyRoleName;
  /** dollars; null: no limit of their own */
  spendingLimit: number | null;
}

/** `GET /api/company`: the caller's company, its members, terms and credit (dollars). */
export interface CompanyAccountDto {
  companyId: string;
  name: string;
  taxId: string | null;
  billingAddress: string | null;
  country: string | null;
  buyerReference: string | null;
  members: CompanyMemberDto[];
  /** net days, or null without terms */
  terms: { netDays: number } | null;
  creditLimit: number | null;
  creditUsed: number;
  /** the caller's own role */
  role: CompanyRoleName;
}

/** An entry of a company's address book. */
export interface CompanyAddressDto extends ShipToAddress {
  addressId: string;
}

/** A structured address as the address book keeps it and an order copies it as shipped. */
export interface ShipToAddress {
  label: string;
  recipient: string;
  companyName: string | null;
  street: string;
  postcode: string;
  city: string;
  region: string | null;
  /** ISO 3166-1 alpha-2 */
  country: string;
  phone: string | null;
}

/** An invoice as lists show it (dollars; days as YYYY-MM-DD). */
export interface InvoiceDto {
  number: string;
  kind: 'invoice' | 'credit_note';
  method: 'card' | 'invoice';
  status: 'open' | 'paid' | 'credited';
  reference: string;
  buyer: string;
  email: string;
  total: number;
  paid: number;
  due: number;
  issuedOn: string;
  dueOn: string | null;
  overdue: boolean;
}

/** One line of an account statement: what it adds to what the buyer owes (dollars; negative takes off). */
export interface StatementEntryDto {
  /** YYYY-MM-DD */
  on: string;
  kind: 'invoice' | 'payment' | 'credit_note' | 'refund';
  /** "Invoice INV-2026-000001", "Bank transfer REF-1", "Credit note CN-2026-000001", "Refund paid" */
  description: string;
  /** "Order C-1001" */
  order: string | null;
  amount: number;
  /** the balance after this line */
  balance: number;
}

/** An account statement (`/dashboard/statement`): a period's movements on terms, the open invoices, the balance. */
export interface StatementDto {
  account: { name: string; email: string; company: string | null };
  terms: { netDays: number; creditLimit: number; remainingCredit: number } | null;
  /** YYYY-MM-DD, both included */
  from: string;
  to: string;
  /** owed before `from` (dollars; negative: in the buyer's favour) */
  openingBalance: number;
  entries: StatementEntryDto[];
  /** owed at the end of `to` */
  closingBalance: number;
  /** every open invoice now, overdue first */
  openInvoices: InvoiceDto[];
  /** what the open invoices still ask for now, and how much of it is overdue */
  due: number;
  overdue: number;
}

/** A quote's states: requested → answered → accepted, declined, withdrawn or expired. */
export const QUOTE_STATUSES = [
  'requested',
  'answered',
  'accepted',
  'declined',
  'withdrawn',
  'expired',
] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

/** A quote in a list (My Quotes, an admin's Quotes). */
export interface QuoteSummaryDto {
  quoteId: string;
  number: number;
  status: QuoteStatus;
  customer: { name: string; email: string };
  lineCount: number;
  pieces: number;
  /** dollars, once answered */
  total?: number;
  validUntil?: string;
  createdAt: string;
}

export interface QuoteLineDto {
  toolId: string;
  name: string;
  sku: string;
  quantity: number;
  /** dollars per piece, once answered */
  unitPrice?: number;
  /** the catalogue's price per piece at this quantity, for comparison */
  listPrice: number;
  /** pieces in stock now (admins) */
  stock?: number;
  /** pieces the stock did not cover at acceptance: made within the lead time (admins) */
  backOrdered?: number;
}

export interface QuoteDto extends QuoteSummaryDto {
  lines: QuoteLineDto[];
  /** answered: what accepting would charge, net, VAT by rate and gross */
  tax?: TaxSummaryDto;
  leadTimeDays?: number;
  /** YYYY-MM-DD: the day the buyer asked to receive the goods */
  requestedDeliveryOn?: string;
  messages: { author: 'customer' | 'admin'; name: string; text: string; at: string }[];
  events: { status: QuoteStatus; actor: 'customer' | 'admin' | 'shop'; at: string }[];
  /** once accepted, the checkout it became */
  checkoutId?: string;
  /** why it can no longer be accepted, when it can not */
  closedReason?: string;
}

/** What an order's money is about: one order placed alone, or a whole checkout (paid, invoiced, cancelled as one). */

/** One movement of an order's money, as `GET /api/checkout/{id}` lists it (amount in dollars). */
export interface PaymentDto {
  kind: 'card' | 'transfer' | 'refund_owed' | 'refund_paid' | 'credit_note';
  amount: number;
  reference: string;
  at: string;
}

/**
 * Net, VAT by category and rate, and gross of a cart, an order, a quote or an invoice (dollars), computed on the
 * server with the one rounding rule (lib/tax/rounding.ts); `note` is the legal note of a zero-rated treatment.
 */
export interface TaxSummaryDto {
  net: number;
  taxes: { category: string; ratePercent: number; net: number; tax: number }[];
  tax: number;
  gross: number;
  note: string | null;
}

/**
 * An order document as the screens show it (All Orders, the order page, My Orders): its lines with what shipped and
 * what is back-ordered, its money, its invoices and credit notes, and its shipments.
 */
export interface OrderDocumentDto {
  /** the document's id (`checkoutId` of its lines) */
  id: string;
  /** "C-1001" */
  number: number;
  poNumber: string | null;
  /** YYYY-MM-DD: the day the buyer asked to receive it */
  requestedDeliveryOn: string | null;
  createdAt: string;
  buyer: { name: string; email: string; company: string | null; address: string; phone: string };
  /** in the order they were placed (by line number) */
  lines: {
    orderId: string;
    number: number;
    name: string;
    sku: string;
    /** dollars per piece */
    price: number;
    quantity: number;
    total: number;
    shipped: number;
    backOrdered: number;
    /** reserved and not shipped yet: what a shipment may take */
    shippable: number;
  }[];
  pieces: number;
  /** dollars: what the buyer pays, VAT included */
  total: number;
  tax: TaxSummaryDto;
  paid: boolean;
  /** a buyer's order above their spending limit, waiting for an approver of their company: not payable yet */
  awaitingApproval: boolean;
  transactionId: string | null;
  /** dollars still owed by the buyer */
  amountDue: number;
  /** dollars owed back to the buyer */
  refundOwed: number;
  /** invoiced on net terms (ships before it is paid) */
  onTerms: boolean;
  /** the open invoice's due day (YYYY-MM-DD) */
  dueDate: string | null;
  status: 'placed' | 'partially_shipped' | 'shipped' | 'cancelled';
  payments: PaymentDto[];
  /** invoices and credit notes, oldest first */
  papers: {
    number: string;
    kind: 'invoice' | 'credit_note';
    status: 'open' | 'paid' | 'credited';
    total: number;
    issuedAt: string;
    dueOn: string | null;
  }[];
  shipments: CheckoutDto['shipments'];
}

/** A company's price list as `GET`/`PUT /api/companies/{id}/prices` answer it (dollars, percent; admin). */
export interface CompanyPricesDto {
  companyId: string;
  discountPercent: number;
  prices: { sku: string; name: string; price: number; catalogPrice: number }[];
}

/**
 * The caller's own prices of some tools (`GET /api/prices`): their company's list prices and discount, for the
 * pages to price with `unitPriceCents`. Nothing for a visitor or an account outside a company with prices.
 */
export interface MyPricesDto {
  discountPercent: number;
  prices: { toolId: string; price: number }[];
}

/** A company's API key as its owners see it: never the secret, which only its creation's answer carries. */
export interface ApiKeyDto {
  keyId: string;
  name: string;
  /** the key's first characters, to tell keys apart */
  prefix: string;
  scopes: ApiKeyScope[];
  createdAt: string;
  createdBy: string | null;
  expiresAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  /** as of the answer: an expired key is refused like a revoked one */
  status: 'active' | 'revoked' | 'expired';
}

/** A company's punch-out settings as its owners see them: never a secret, which only their making shows. */
export type PunchoutSettingsDto =
  | { configured: false }
  | {
      configured: true;
      cxmlDomain: string;
      cxmlIdentity: string;
      ociUsername: string;
      hookUrls: string[];
      /** the account punch-out's orders are placed as */
      buyer: string | null;
      updatedAt: string;
    };

/** The secrets of punch-out, in the one answer that makes them. */
export interface PunchoutSecretsDto {
  sharedSecret: string;
  ociPassword: string;
}
