import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { TaxRateClass, VatCategory } from '../tax/rules';
import type { ShipToAddress } from '../types';
import { QUOTE_STATUSES } from '../types';

/** PostgreSQL's full-text document type (drizzle has no built-in column for it). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
/** Binary data (uploaded photos); both drivers hand it over as a Buffer or Uint8Array. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name'),
  email: text('email').notNull().unique(),
  emailVerified: timestamp('email_verified', { mode: 'date' }),
  image: text('image'),
  // argon2id hash; null for accounts that only ever signed in with Google
  passwordHash: text('password_hash'),
  role: text('role', { enum: ['customer', 'admin'] })
    .notNull()
    .default('customer'),
  education: text('education'),
  institution: text('institution'),
  address: text('address'),
  phone: text('phone'),
  linkedIn: text('linked_in'),
  // Carried by every session cookie and bearer token; bumping it ends them all at once, on every instance.
  sessionVersion: integer('session_version').notNull().default(0),
  // Set by an admin (All Users → Disable): no sign-in of any kind and no API call while it is set.
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  // A sign-in proved an address the account was opened with unproven, and removed what was set up before it
  // (lib/auth/address-proof.ts): My Profile tells the owner until they set a password.
  signInMethodsResetAt: timestamp('sign_in_methods_reset_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const accounts = pgTable(
  'accounts',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    provider: text('provider').notNull(),
    providerAccountId: text('provider_account_id').notNull(),
    refresh_token: text('refresh_token'),
    access_token: text('access_token'),
    expires_at: integer('expires_at'),
    token_type: text('token_type'),
    scope: text('scope'),
    id_token: text('id_token'),
    session_state: text('session_state'),
  },
  (t) => [primaryKey({ columns: [t.provider, t.providerAccountId] })],
);

// Auth.js adapter tables; sessions stay unused under the JWT strategy but the adapter's contract includes them.
export const sessions = pgTable('sessions', {
  sessionToken: text('session_token').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expires: timestamp('expires', { mode: 'date' }).notNull(),
});

export const verificationTokens = pgTable(
  'verification_tokens',
  {
    identifier: text('identifier').notNull(),
    token: text('token').notNull(),
    expires: timestamp('expires', { mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.identifier, t.token] })],
);

/** One price break of a tool: from `minQuantity` pieces on, each piece costs `priceCents`. */
export interface StoredPriceBreak {
  minQuantity: number;
  priceCents: number;
}

/** Numbers the part numbers the shop assigns itself ("TORQUE-1004"): unique without a look-up, even when racing. */
export const toolSkuSequence = pgSequence('tool_sku_seq', { startWith: 1001 });

export const tools = pgTable(
  'tools',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // The part number buyers quote; upper-case, unique among catalogue tools (a removed tool's may be reused).
    // The shop assigns one from the name when a product comes without (lib/db/sku.ts); the default is the floor
    // for rows written by other paths (the seed, tests).
    sku: text('sku')
      .notNull()
      .default(sql`'TOOL-' || nextval('tool_sku_seq')`),
    name: text('name').notNull(),
    about: text('about').notNull(),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
    quantity: integer('quantity').notNull(),
    minQuantity: integer('min_quantity').notNull(),
    image: text('image').notNull(),
    // Up to 5, thresholds and prices rising/falling strictly (lib/validation/price-breaks.ts). On the tool's row,
    // so the UPDATE that reserves stock returns the price and the breaks of one and the same version of the tool.
    priceBreaks: jsonb('price_breaks').$type<StoredPriceBreak[]>().notNull().default([]),
    // Which of the seller's VAT rates a standard-rated line of this tool takes (lib/tax/rules.ts).
    taxRateClass: text('tax_rate_class').$type<TaxRateClass>().notNull().default('standard'),
    // What it is sold by, a UN/ECE Rec 20 code (lib/validation/units.ts: the codes the forms offer); C62 is one piece.
    unitOfMeasure: text('unit_of_measure').notNull().default('C62'),
    // The UNSPSC commodity code procurement systems file its lines under: eight digits, or none.
    unspsc: text('unspsc'),
    // Removed tools stay for the orders that reference them.
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // Every change of a catalogue fact (stock included): the sitemap's lastmod for the catalogue.
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // Catalogue search: the name weighs more than the description.
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('english', name), 'A') || setweight(to_tsvector('english', about), 'B')`,
    ),
  },
  (t) => [
    index('tools_search_idx').using('gin', t.searchVector),
    // Partial words and typos in names ("wrech" finds wrenches): trigram word similarity.
    index('tools_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    check('tools_price_positive', sql`${t.priceCents} > 0`),
    check('tools_quantity_non_negative', sql`${t.quantity} >= 0`),
    check('tools_min_quantity_positive', sql`${t.minQuantity} >= 1`),
    check('tools_tax_rate_class', sql`${t.taxRateClass} IN ('standard', 'reduced')`),
    check('tools_unit_of_measure_format', sql`${t.unitOfMeasure} ~ '^[A-Z0-9]{2,3}$'`),
    check('tools_unspsc_format', sql`${t.unspsc} ~ '^[0-9]{8}$'`),
    uniqueIndex('tools_sku_active_idx')
      .on(t.sku)
      .where(sql`${t.deletedAt} IS NULL`),
    // SKU prefix search (`LIKE 'WR-10%'`) whatever the database's collation.
    index('tools_sku_prefix_idx').using('btree', sql`${t.sku} text_pattern_ops`),
    check('tools_sku_format', sql`${t.sku} ~ '^[A-Z0-9-]{3,32}$'`),
    check(
      'tools_price_breaks_shape',
      sql`jsonb_typeof(${t.priceBreaks}) = 'array' AND jsonb_array_length(${t.priceBreaks}) <= 5`,
    ),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // What people say and read ("order #1042"): short, stable, never reused; the uuid stays the API's id.
    number: integer('number').generatedAlwaysAsIdentity({ startWith: 1001 }).notNull().unique(),
    toolId: uuid('tool_id')
      .notNull()
      .references(() => tools.id),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    // Snapshots: what the customer agreed to, independent of later catalogue edits.
    productName: text('product_name').notNull(),
    sku: text('sku').notNull(),
    // The price charged per piece: the base price or the break the quantity reached.
    unitPriceCents: bigint('unit_price_cents', { mode: 'number' }).notNull(),
    quantity: integer('quantity').notNull(),
    // The line's net amount; its VAT beside it, decided when it was placed (lib/tax/): the category of the buyer's
    // treatment, the rate in basis points, and the tax rounded half up per line (the CHECK below holds the rule).
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    taxCategory: text('tax_category').$type<VatCategory>().notNull().default('O'),
    taxRateBasisPoints: integer('tax_rate_bp').notNull().default(0),
    taxCents: bigint('tax_cents', { mode: 'number' }).notNull().default(0),
    email: text('email').notNull(),
    userName: text('user_name').notNull(),
    address: text('address').notNull(),
    phone: text('phone').notNull(),
    paid: boolean('paid').notNull().default(false),
    // One payment pays one order, or every order of one checkout (the index below).
    transactionId: text('transaction_id'),
    // When the payment was recorded: the receipt's date.
    paidAt: timestamp('paid_at', { withTimezone: true }),
    // Pieces shipped so far (shipment_lines hold which shipment took them); `shipped` says the whole line went.
    shippedQuantity: integer('shipped_quantity').notNull().default(0),
    shipped: boolean('shipped')
      .notNull()
      .generatedAlwaysAs(sql`shipped_quantity = quantity`),
    // The order document this row is a line of (an order placed alone is a document of one line), with its number
    // and PO number copied so that every list, filter and export reads them from the line's own row.
    checkoutId: uuid('checkout_id')
      .notNull()
      .references(() => checkouts.id),
    checkoutNumber: integer('checkout_number').notNull(),
    poNumber: text('po_number'),
    // Pieces of an accepted quote's line that the stock could not cover: made within the quote's lead time, never
    // taken from stock, so a cancellation puts back only `quantity - back_ordered` (lib/orders/cancellation.ts).
    backOrdered: integer('back_ordered').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('orders_back_ordered_range', sql`${t.backOrdered} BETWEEN 0 AND ${t.quantity}`),
    index('orders_checkout_idx').on(t.checkoutId),
    index('orders_checkout_number_idx').on(t.checkoutNumber),
    check('orders_quantity_positive', sql`${t.quantity} >= 1`),
    check('orders_total_matches', sql`${t.totalCents} = ${t.unitPriceCents} * ${t.quantity}`),
    check('orders_tax_category', sql`${t.taxCategory} IN ('S', 'AE', 'G', 'O')`),
    check(
      'orders_tax_rounded_per_line',
      sql`${t.taxCents} = (${t.totalCents} * ${t.taxRateBasisPoints} + 5000) / 10000`,
    ),
    // Only reserved pieces ship: never more than the quantity less what is back-ordered.
    check(
      'orders_shipped_range',
      sql`${t.shippedQuantity} BETWEEN 0 AND ${t.quantity} - ${t.backOrdered}`,
    ),
    // Restocking looks for a tool's back-ordered lines, oldest first.
    index('orders_back_ordered_idx')
      .on(t.toolId, t.createdAt)
      .where(sql`${t.backOrdered} > 0`),
    index('orders_email_idx').on(t.email, t.createdAt),
    index('orders_created_idx').on(t.createdAt),
  ],
);

// An order document: its lines (orders.checkout_id) are placed, paid, invoiced and cancelled together, and shipped
// in parts. An order placed alone is a document of one line; a cart's checkout and an accepted quote are documents
// of many. The table keeps the name it had when only carts made documents.
export const checkouts = pgTable(
  'checkouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // What people read ("order C-1001"), allocated by the insert in the document's own transaction.
    number: integer('number').generatedAlwaysAsIdentity({ startWith: 1001 }).notNull().unique(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    // The buyer and where it goes, as placed.
    email: text('email').notNull(),
    userName: text('user_name').notNull(),
    address: text('address').notNull(),
    phone: text('phone').notNull(),
    poNumber: text('po_number'),
    // The day the buyer asked to receive it (YYYY-MM-DD), printed on the order, its packing slips and its invoice.
    requestedDeliveryOn: date('requested_delivery_on', { mode: 'string' }),
    // What the buyer pays: the lines' net amounts plus their VAT (gross).
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    transactionId: text('transaction_id').unique(),
    // The company the buyer bought for: its members see the order, its invoice bills the company.
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    // The address-book entry it ships to, copied as shipped (the text `address` above stays what every view prints).
    shipTo: jsonb('ship_to').$type<ShipToAddress>(),
    // A buyer's order above their spending limit waits for an approver: stock reserved, nothing charged or invoiced,
    // until it is approved or declined, or `approvalExpiresAt` passes (a scheduled job cancels it).
    approval: text('approval', { enum: ['awaiting', 'approved'] }),
    approvalExpiresAt: timestamp('approval_expires_at', { withTimezone: true }),
    approvedBy: uuid('approved_by').references(() => users.id, { onDelete: 'set null' }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    // How an order that waited for approval goes on once approved: the buyer pays by card, or the invoice is issued
    // on the company's terms. Only an order that waited has one: any other was paid or invoiced as it was placed.
    approvalPaysBy: text('approval_pays_by', { enum: ['card', 'invoice'] }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('checkouts_company_idx').on(t.companyId, t.createdAt),
    index('checkouts_awaiting_idx')
      .on(t.approvalExpiresAt)
      .where(sql`${t.approval} = 'awaiting'`),
    check('checkouts_approval', sql`${t.approval} IN ('awaiting', 'approved')`),
    check('checkouts_approval_pays_by', sql`${t.approvalPaysBy} IN ('card', 'invoice')`),
    check(
      'checkouts_awaiting_expires',
      sql`${t.approval} IS DISTINCT FROM 'awaiting' OR ${t.approvalExpiresAt} IS NOT NULL`,
    ),
  ],
);

// One parcel of an order: some or all of its lines' reserved pieces, with the carrier's tracking number. The number
// ("S-1001") comes from document_counters in the shipment's own transaction, so it has no gaps.
export const shipments = pgTable(
  'shipments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: integer('number').notNull().unique(),
    // Null only for a shipment whose lines were cancelled before orders became documents.
    checkoutId: uuid('checkout_id').references(() => checkouts.id),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    shippedAt: timestamp('shipped_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('shipments_checkout_idx').on(t.checkoutId)],
);

export const shipmentLines = pgTable(
  'shipment_lines',
  {
    shipmentId: uuid('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    primaryKey({ name: 'shipment_lines_pk', columns: [t.shipmentId, t.orderId] }),
    index('shipment_lines_order_idx').on(t.orderId),
    check('shipment_lines_quantity_positive', sql`${t.quantity} >= 1`),
  ],
);

// A signed-in customer's cart: one line per tool, kept in the database so that it follows the account.
export const cartLines = pgTable(
  'cart_lines',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toolId: uuid('tool_id')
      .notNull()
      .references(() => tools.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.toolId] }),
    check('cart_lines_quantity_positive', sql`${t.quantity} >= 1`),
  ],
);

// A cart filled before signing in: its id is the random value of an httpOnly cookie (lib/cart/guest-cookie.ts), the
// only thing that names it. It lives 30 days from its last change; sign-in merges it into the account's cart.
export const guestCarts = pgTable(
  'guest_carts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true })
      .notNull()
      .default(sql`now() + interval '30 days'`),
  },
  (t) => [index('guest_carts_expires_idx').on(t.expiresAt)],
);

export const guestCartLines = pgTable(
  'guest_cart_lines',
  {
    guestCartId: uuid('guest_cart_id')
      .notNull()
      .references(() => guestCarts.id, { onDelete: 'cascade' }),
    toolId: uuid('tool_id')
      .notNull()
      .references(() => tools.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.guestCartId, t.toolId] }),
    check('guest_cart_lines_quantity_positive', sql`${t.quantity} >= 1`),
  ],
);

// A buyer's saved list (requisition list): named lines to order again, whole or in part.
export const lists = pgTable(
  'lists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('lists_user_idx').on(t.userId, t.createdAt)],
);

export const listLines = pgTable(
  'list_lines',
  {
    listId: uuid('list_id')
      .notNull()
      .references(() => lists.id, { onDelete: 'cascade' }),
    toolId: uuid('tool_id')
      .notNull()
      .references(() => tools.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    // The order the buyer gave the lines (a list is read top to bottom, like the sheet it replaces).
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.listId, t.toolId] }),
    check('list_lines_quantity_positive', sql`${t.quantity} >= 1`),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // A review need not name a tool (docs/PRODUCT.md, Validation).
    toolName: text('tool_name'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    userName: text('user_name').notNull(),
    email: text('email').notNull(),
    userReview: text('user_review').notNull(),
    rating: integer('rating').notNull(),
    image: text('image'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('reviews_rating_range', sql`${t.rating} BETWEEN 0 AND 5`),
    index('reviews_created_idx').on(t.createdAt),
  ],
);

// Every payment intent created for an order, so that cancelling the order can stop them all. The embedded test
// gateway keeps its intents' whole state here; Stripe's rows only tie an intent to its order (Stripe holds the rest).
export const paymentIntents = pgTable(
  'payment_intents',
  {
    id: text('id').primaryKey(),
    clientSecret: text('client_secret').notNull().unique(),
    // What the intent pays for: one order, or every order of a checkout.
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    checkoutId: uuid('checkout_id').references(() => checkouts.id, { onDelete: 'cascade' }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('usd'),
    status: text('status', { enum: ['requires_payment_method', 'succeeded', 'canceled'] })
      .notNull()
      .default('requires_payment_method'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('payment_intents_one_payee', sql`(${t.orderId} IS NULL) <> (${t.checkoutId} IS NULL)`),
  ],
);

// Stripe webhook events already applied: a replayed event id changes nothing.
export const processedEvents = pgTable('processed_events', {
  id: text('id').primaryKey(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});

// Failed sign-in attempts, shared by every app instance through the database.
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_attempts_key_idx').on(t.email, t.ip, t.attemptedAt)],
);

// The transactional outbox: a mail is written in the transaction of the event that causes it and delivered after
// commit by the worker of any instance. `data` holds what the template needs, links included (rendered from the
// request's origin when the event happened); subject and bodies are filled in when the worker renders it.
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    subject: text('subject'),
    html: text('html'),
    text: text('text'),
    status: text('status', { enum: ['pending', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    // Failed attempts are retried with backoff until then; afterwards the mail stays failed.
    retryUntil: timestamp('retry_until', { withTimezone: true })
      .notNull()
      .default(sql`now() + interval '24 hours'`),
    // A claim that outlives this (its worker died) is taken over by another worker.
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    claimedBy: text('claimed_by'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('mail_outbox_created_idx').on(t.createdAt),
  ],
);

// Actions counted per account and per client in a sliding window (lib/db/throttle.ts): one row per action taken.
export const throttleHits = pgTable(
  'throttle_hits',
  {
    bucket: text('bucket').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('throttle_hits_bucket_at_idx').on(t.bucket, t.at)],
);

// One-time tokens mailed to an account (password reset, email verification): only a hash is stored.
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['password_reset', 'email_verification'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('one_time_tokens_user_idx').on(t.userId, t.purpose)],
);

// Requests for a mailed link (password reset, a new verification mail), throttled per email and per address.
export const mailRequests = pgTable(
  'mail_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mail_requests_email_idx').on(t.email, t.requestedAt),
    index('mail_requests_ip_idx').on(t.ip, t.requestedAt),
  ],
);

// The first answer to each Idempotency-Key an account sent, so that a retried write answers it again and writes
// nothing. Keys live 24 hours.
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    // Hash of the call and its input the key was first used with: the same key with another request is refused.
    requestHash: text('request_hash').notNull(),
    status: integer('status').notNull(),
    body: jsonb('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

// What happened to an order, when and by whom, written in the transaction of the change itself. No foreign key:
// a cancelled order's row is deleted, and its history stays for the shop's records.
export const orderEvents = pgTable(
  'order_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id').notNull(),
    kind: text('kind', {
      enum: ['placed', 'payment_started', 'paid', 'shipped', 'cancelled'],
    }).notNull(),
    actor: text('actor', { enum: ['customer', 'admin', 'payment_webhook', 'shop'] }).notNull(),
    // The gateway's intent or transaction id, where the event has one.
    reference: text('reference'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.createdAt)],
);

// Two-factor authentication (TOTP, RFC 6238), one row per account that started enrolling. The secret is encrypted
// with a key derived from AUTH_SECRET (lib/two-factor/secret-box.ts); `enabledAt` is null until a first code confirms
// it. `lastStep` is the time step of the last accepted code: a code is never accepted twice.
export const twoFactor = pgTable('two_factor', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastStep: integer('last_step'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

// Ten single-use recovery codes per enrolment, kept as keyed hashes (lib/two-factor/recovery-codes.ts).
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

export type User = typeof users.$inferSelect;
export type Tool = typeof tools.$inferSelect;
export type NewTool = typeof tools.$inferInsert;
export type Order = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type Review = typeof reviews.$inferSelect;
export type PaymentIntent = typeof paymentIntents.$inferSelect;
export type OutboxMail = typeof mailOutbox.$inferSelect;
export type OrderEvent = typeof orderEvents.$inferSelect;
export type Checkout = typeof checkouts.$inferSelect;
export type CartLine = typeof cartLines.$inferSelect;

// Company accounts, net terms, invoices and credit notes.

export const COMPANY_ROLES = ['owner', 'approver', 'buyer'] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];

// A buying company: several accounts under one name, tax id and billing address, with the net terms, credit limit
// and prices agreed with it. Its orders, quotes and invoices stay with it when a member leaves.
export const companies = pgTable(
  'companies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    taxId: text('tax_id'),
    billingAddress: text('billing_address'),
    // The billing address's country (ISO 3166-1 alpha-2): with the tax id it decides how the buyer is taxed.
    country: text('country'),
    // The reference the buyer's accounts payable routes invoices by (BT-10), e.g. a German Leitweg-ID.
    buyerReference: text('buyer_reference'),
    // Net terms an admin granted: pay by invoice within `netDays`, while open invoices stay under the limit.
    netDays: integer('net_days'),
    creditLimitCents: bigint('credit_limit_cents', { mode: 'number' }),
    // The company's discount off the catalogue in basis points (1250 = 12.5 %), beside its price list.
    discountBasisPoints: integer('discount_bp').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('companies_country_code', sql`${t.country} ~ '^[A-Z]{2}$'`),
    check('companies_net_days', sql`${t.netDays} IN (15, 30, 60)`),
    check('companies_limit_non_negative', sql`${t.creditLimitCents} >= 0`),
    check('companies_terms_whole', sql`(${t.netDays} IS NULL) = (${t.creditLimitCents} IS NULL)`),
    check('companies_discount_range', sql`${t.discountBasisPoints} BETWEEN 0 AND 9000`),
  ],
);

// Who buys for a company, and as what. An account belongs to one company at most (the primary key).
export const companyMembers = pgTable(
  'company_members',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    role: text('role', { enum: COMPANY_ROLES }).notNull(),
    // A buyer's orders above this wait for an approver; null: no limit of their own.
    spendingLimitCents: bigint('spending_limit_cents', { mode: 'number' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('company_members_company_idx').on(t.companyId),
    check('company_members_role', sql`${t.role} IN ('owner', 'approver', 'buyer')`),
    check('company_members_limit_non_negative', sql`${t.spendingLimitCents} >= 0`),
  ],
);

// An invitation to join a company, mailed as a link: single use, 7 days, for that address only. The token is kept
// only as its SHA-256 hash.
export const companyInvitations = pgTable(
  'company_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role', { enum: COMPANY_ROLES }).notNull(),
    spendingLimitCents: bigint('spending_limit_cents', { mode: 'number' }),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('company_invitations_company_idx').on(t.companyId, t.createdAt),
    check('company_invitations_role', sql`${t.role} IN ('owner', 'approver', 'buyer')`),
  ],
);

// A company's address book: where its orders ship ("Warehouse North"). An order keeps its own copy as shipped.
export const companyAddresses = pgTable(
  'company_addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    recipient: text('recipient').notNull(),
    companyName: text('company_name'),
    street: text('street').notNull(),
    postcode: text('postcode').notNull(),
    city: text('city').notNull(),
    region: text('region'),
    country: text('country').notNull(),
    phone: text('phone'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('company_addresses_company_idx').on(t.companyId, t.createdAt),
    check('company_addresses_country_code', sql`${t.country} ~ '^[A-Z]{2}$'`),
  ],
);

// A company's own price of a tool (its negotiated list). A price break still applies where it is lower.
export const companyPrices = pgTable(
  'company_prices',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    toolId: uuid('tool_id')
      .notNull()
      .references(() => tools.id, { onDelete: 'cascade' }),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.toolId] }),
    check('company_prices_positive', sql`${t.priceCents} > 0`),
  ],
);

// A company's API key (lib/companies/api-keys.ts): a bearer secret `tk_live_…` kept only as its SHA-256 hash, acting
// for its company with its scopes, as the owner who made it. `window_*` count this minute's calls: the per-key
// throttle is this row's counter (lib/auth/api-key-gate.ts), and the same update marks the last use.
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scopes: text('scopes').array().notNull(),
    // The key's first characters, not secret: how the owner tells keys apart.
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }),
    windowCount: integer('window_count').notNull().default(0),
  },
  (t) => [
    index('api_keys_company_idx').on(t.companyId, t.createdAt),
    check(
      'api_keys_scopes',
      sql`cardinality(${t.scopes}) > 0 AND ${t.scopes} <@ ARRAY['catalogue:read', 'orders:read', 'orders:write', 'invoices:read']::text[]`,
    ),
  ],
);
export type ApiKey = typeof apiKeys.$inferSelect;

/**
 * A company's punch-out (docs/DECISIONS.md, "Punch-out"): the procurement system's cXML identity and the hash of its
 * SharedSecret, the OCI user and the hash of its password, and the HOOK_URLs OCI may send a cart back to. Orders the
 * system sends are placed as `buyerId`, the owner who set punch-out up.
 */
export const punchoutSettings = pgTable(
  'punchout_settings',
  {
    companyId: uuid('company_id')
      .primaryKey()
      .references(() => companies.id, { onDelete: 'cascade' }),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cxmlDomain: text('cxml_domain').notNull(),
    cxmlIdentity: text('cxml_identity').notNull(),
    sharedSecretHash: text('shared_secret_hash').notNull(),
    ociUsername: text('oci_username').notNull().unique(),
    ociPasswordHash: text('oci_password_hash').notNull(),
    hookUrls: text('hook_urls')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('punchout_settings_cxml_identity_idx').on(
      sql`lower(${t.cxmlDomain})`,
      t.cxmlIdentity,
    ),
  ],
);
export type PunchoutSettings = typeof punchoutSettings.$inferSelect;

/** One line of a punch-out cart: the tool and how many. */
export interface PunchoutCartLine {
  toolId: string;
  quantity: number;
}

/**
 * A punch-out session: opened by a procurement system (cXML setup request or OCI call), entered once through its
 * StartPage (cXML: a token valid 5 minutes, one use), then browsed with its own cookie until it is transferred or
 * expires. It is not a sign-in: it can only fill its cart and send it back.
 */
export const punchoutSessions = pgTable(
  'punchout_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    protocol: text('protocol', { enum: ['cxml', 'oci'] }).notNull(),
    operation: text('operation', { enum: ['create', 'edit', 'inspect'] })
      .notNull()
      .default('create'),
    buyerCookie: text('buyer_cookie'),
    /** cXML: the From credentials, echoed as the To of the PunchOutOrderMessage */
    buyerCredentials: jsonb('buyer_credentials').$type<{ domain: string; identity: string }[]>(),
    /** BrowserFormPost or HOOK_URL */
    returnUrl: text('return_url').notNull(),
    /** OCI's ~TARGET: the frame the cart is posted into */
    returnTarget: text('return_target'),
    startTokenHash: text('start_token_hash').unique(),
    startExpiresAt: timestamp('start_expires_at', { withTimezone: true }),
    browserTokenHash: text('browser_token_hash').unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    cart: jsonb('cart').$type<PunchoutCartLine[]>().notNull().default([]),
    transferredAt: timestamp('transferred_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('punchout_sessions_company_idx').on(t.companyId, t.createdAt)],
);
export type PunchoutSession = typeof punchoutSessions.$inferSelect;

/** A requisition line: what the shop quoted in the PunchOutOrderMessage, the price an OrderRequest is held to. */
export interface RequisitionLine {
  toolId: string;
  sku: string;
  quantity: number;
  unitPriceCents: number;
}

/** A transferred punch-out cart, referenced by each line's SupplierPartAuxiliaryID (its id). */
export const punchoutRequisitions = pgTable(
  'punchout_requisitions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => punchoutSessions.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    lines: jsonb('lines').$type<RequisitionLine[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('punchout_requisitions_company_idx').on(t.companyId)],
);

/**
 * A purchase order received by cXML: its payloadID (a replay is answered with `answer`, not applied again), the
 * buyer's PO number (one order per number), the bill-to it named and the order it became.
 */
export const punchoutOrders = pgTable(
  'punchout_orders',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    payloadId: text('payload_id').notNull(),
    poNumber: text('po_number').notNull(),
    checkoutId: uuid('checkout_id')
      .notNull()
      .references(() => checkouts.id, { onDelete: 'cascade' }),
    billTo: jsonb('bill_to').$type<Record<string, unknown>>().notNull(),
    answer: text('answer').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.payloadId] }),
    uniqueIndex('punchout_orders_po_idx').on(t.companyId, t.poNumber),
  ],
);

// The last number given per series (INV, CN) and year. Incremented in the transaction that issues the document, so
// the row lock orders concurrent issuers and a rollback gives the number back: no gap, no repeat.
export const documentCounters = pgTable(
  'document_counters',
  {
    series: text('series', { enum: ['INV', 'CN', 'S'] }).notNull(),
    year: integer('year').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.series, t.year] })],
);

// An issued invoice or credit note. `document` is everything that was printed (seller, buyer, lines, totals), so
// later edits of the catalogue or the profile never change it. No foreign key to the order or checkout: a cancelled
// one's rows are deleted, and the invoice and its credit note stay for the books.
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull().unique(),
    kind: text('kind', { enum: ['invoice', 'credit_note'] }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    // The company billed: its open invoices are what its credit limit holds.
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    orderId: uuid('order_id'),
    checkoutId: uuid('checkout_id'),
    // A credit note names the invoice it cancels.
    creditsInvoiceId: uuid('credits_invoice_id'),
    method: text('method', { enum: ['card', 'invoice'] }).notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    paidCents: bigint('paid_cents', { mode: 'number' }).notNull().default(0),
    status: text('status', { enum: ['open', 'paid', 'credited'] }).notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    // Net terms only: the day payment is due.
    dueOn: date('due_on', { mode: 'string' }),
    document: jsonb('document').notNull(),
    // When the reminders went out (claimed by the scheduled job in the transaction that queues the mail).
    remindedBeforeAt: timestamp('reminded_before_at', { withTimezone: true }),
    remindedAfterAt: timestamp('reminded_after_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('invoices_one_per_order')
      .on(t.orderId)
      .where(sql`${t.kind} = 'invoice' AND ${t.orderId} IS NOT NULL`),
    uniqueIndex('invoices_one_per_checkout')
      .on(t.checkoutId)
      .where(sql`${t.kind} = 'invoice' AND ${t.checkoutId} IS NOT NULL`),
    uniqueIndex('invoices_one_credit_note').on(t.creditsInvoiceId),
    index('invoices_user_idx').on(t.userId, t.status),
    index('invoices_company_idx').on(t.companyId, t.status),
    index('invoices_open_due_idx')
      .on(t.dueOn)
      .where(sql`${t.status} = 'open'`),
    check('invoices_paid_within_total', sql`${t.paidCents} BETWEEN 0 AND ${t.totalCents}`),
    check('invoices_number_format', sql`${t.number} ~ '^(INV|CN)-[0-9]{4}-[0-9]{6}$'`),
  ],
);

// The ledger of an order's (or checkout's) money: every movement one row, written in the transaction of the change.
// What is due is the total less card payments, transfers and credit notes, plus what is owed back (lib/orders/ledger.ts).
// No foreign key to the order or checkout: a cancelled one's rows are deleted and its money stays on the books.
export const PAYMENT_KINDS = [
  'card',
  'transfer',
  'refund_owed',
  'refund_paid',
  'credit_note',
] as const;
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id'),
    checkoutId: uuid('checkout_id'),
    invoiceId: uuid('invoice_id'),
    kind: text('kind', { enum: PAYMENT_KINDS }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    // The gateway's payment id, the transfer's bank reference, or the credit note's number.
    reference: text('reference').notNull(),
    // A transfer: the day the bank booked it.
    paidOn: date('paid_on', { mode: 'string' }),
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    // The moment of the write, not of its transaction's start: a card and the refund it leaves owed read in order.
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [
    index('payments_order_idx').on(t.orderId),
    index('payments_checkout_idx').on(t.checkoutId),
    uniqueIndex('payments_card_once')
      .on(t.reference)
      .where(sql`${t.kind} = 'card'`),
    check(
      'payments_kind',
      sql`${t.kind} IN ('card', 'transfer', 'refund_owed', 'refund_paid', 'credit_note')`,
    ),
    check('payments_amount_positive', sql`${t.amountCents} > 0`),
    check('payments_one_payee', sql`(${t.orderId} IS NULL) <> (${t.checkoutId} IS NULL)`),
  ],
);

export type Payment = typeof payments.$inferSelect;

export type Company = typeof companies.$inferSelect;
export type CompanyMember = typeof companyMembers.$inferSelect;
export type CompanyAddress = typeof companyAddresses.$inferSelect;
export type Invoice = typeof invoices.$inferSelect;

// Quotes. A customer asks for a price on quantities beyond the catalogue; an admin answers with a unit
// price per line, a lead time and a validity; an accepted quote becomes a checkout at those prices.

export const quotes = pgTable(
  'quotes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // What people read ("quote Q-1001"), allocated by the insert in the request's own transaction.
    number: integer('number').generatedAlwaysAsIdentity({ startWith: 1001 }).notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Moves only through conditional UPDATEs (lib/quotes/transitions.ts): WHERE status = <the state it leaves>.
    status: text('status', { enum: QUOTE_STATUSES }).notNull().default('requested'),
    leadTimeDays: integer('lead_time_days'),
    // The day the buyer asked to receive the goods; an accepted quote's order carries it.
    requestedDeliveryOn: date('requested_delivery_on', { mode: 'string' }),
    // The instant the answer stops holding (a day given alone holds through its end, 23:59:59.999 UTC).
    validUntil: timestamp('valid_until', { withTimezone: true }),
    // Set null when the checkout is cancelled (its row is deleted): the quote stays accepted, for the record.
    checkoutId: uuid('checkout_id').references(() => checkouts.id, { onDelete: 'set null' }),
    // The company the buyer asked for: its owners and approvers see the quote too.
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('quotes_user_idx').on(t.userId, t.createdAt),
    index('quotes_company_idx').on(t.companyId, t.createdAt),
    index('quotes_status_idx').on(t.status, t.validUntil),
    check('quotes_lead_time_range', sql`${t.leadTimeDays} BETWEEN 0 AND 365`),
    check(
      'quotes_answered_has_terms',
      sql`${t.status} = 'requested' OR (${t.leadTimeDays} IS NOT NULL AND ${t.validUntil} IS NOT NULL)
          OR ${t.status} IN ('declined', 'withdrawn')`,
    ),
  ],
);

export const quoteLines = pgTable(
  'quote_lines',
  {
    quoteId: uuid('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    toolId: uuid('tool_id')
      .notNull()
      .references(() => tools.id),
    quantity: integer('quantity').notNull(),
    // Set by the admin's answer; may be below every price break.
    unitPriceCents: bigint('unit_price_cents', { mode: 'number' }),
    // Set at acceptance: the pieces the stock could not cover, made within the lead time (docs/DECISIONS.md).
    backOrdered: integer('back_ordered').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.quoteId, t.toolId] }),
    check('quote_lines_quantity_positive', sql`${t.quantity} >= 1`),
    check('quote_lines_price_positive', sql`${t.unitPriceCents} > 0`),
    check('quote_lines_back_ordered_range', sql`${t.backOrdered} BETWEEN 0 AND ${t.quantity}`),
  ],
);

// The thread of a quote: plain text, shown as text.
export const quoteMessages = pgTable(
  'quote_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    quoteId: uuid('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    author: text('author', { enum: ['customer', 'admin'] }).notNull(),
    authorName: text('author_name').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('quote_messages_quote_idx').on(t.quoteId, t.createdAt),
    check('quote_messages_text_length', sql`char_length(${t.text}) BETWEEN 1 AND 2000`),
  ],
);

// Every state change of a quote, with when and who, written in the transaction of the change.
export const quoteEvents = pgTable(
  'quote_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    quoteId: uuid('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    status: text('status', { enum: QUOTE_STATUSES }).notNull(),
    actor: text('actor', { enum: ['customer', 'admin', 'shop'] }).notNull(),
    // The account that acted (null for the shop's own expiry job).
    actorId: uuid('actor_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('quote_events_quote_idx').on(t.quoteId, t.createdAt)],
);

export type Quote = typeof quotes.$inferSelect;

// The audit log, uploaded photos, and the analytics' index.

/**
 * One admin action (or admin sign-in), written in the transaction of the change it records, so a refused or
 * rolled-back action leaves none. Append-only: no route edits or removes an entry, and a trigger refuses UPDATE and
 * DELETE (migration 0016). The actor is kept by id and by the email they had at the time, without a foreign key, so
 * an entry outlives the account.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    target: text('target').notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    ip: text('ip'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_action_at_idx').on(t.action, t.at),
    index('audit_log_actor_at_idx').on(t.actorEmail, t.at),
  ],
);

/**
 * An uploaded photo, re-encoded (lib/uploads/): stored in the database so that every instance serves it. Never
 * changed after insert: a new photo is a new row and so a new URL, which is what lets it be cached for a year.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    purpose: text('purpose', { enum: ['product', 'review'] }).notNull(),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('uploads_owner_idx').on(t.ownerId, t.purpose)],
);

export type AuditEntryRow = typeof auditLog.$inferSelect;
