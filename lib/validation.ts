import { z } from 'zod';
import { toCents } from '@/lib/money';
import {
  isPhoneNumber,
  isWebAddress,
  PHONE_MESSAGE,
  WEB_ADDRESS_MESSAGE,
} from '@/lib/validation/contact';
import {
  breaksInCents,
  dollarsSchema,
  priceBreakProblems,
  priceBreaksSchema,
} from '@/lib/validation/price-breaks';
import { skuSchema } from '@/lib/validation/sku';

// One schema per input, shared by the form (react-hook-form + zodResolver) and the route handler.
// Messages are SPEC §5's, verbatim.

// Zod 4 probes `new Function` to speed up parsing; under our CSP (no 'unsafe-eval') that probe is a violation.
z.config({ jitless: true });

// PostgreSQL text cannot hold NUL, and no field of this shop has a use for other control characters: refusing
// them here turns what would be a database error into the field's own 400. Tabs and line breaks stay allowed.
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** A string of printable text; `message` is the field's SPEC message for a missing value. */
const text = (message: string) =>
  z
    .string({ error: message })
    .refine((value) => !CONTROL_CHARACTERS.test(value), { error: 'Remove the control characters' });

const required = (message: string, max = 500) =>
  text(message)
    .trim()
    .min(1, { error: message })
    .max(max, { error: `Must be at most ${max} characters` });

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const email = text('Email is Required')
  .trim()
  .min(1, { error: 'Email is Required' })
  .max(254, { error: 'Provide a valid Email' })
  .regex(EMAIL_PATTERN, { error: 'Provide a valid Email' })
  .transform((value) => value.toLowerCase());

const password = text('Password is Required')
  .min(1, { error: 'Password is Required' })
  .min(6, { error: 'Must be 6 characters or longer' })
  .max(128, { error: 'Must be at most 128 characters' });

export const loginSchema = z.object({ email, password });
export type LoginInput = z.infer<typeof loginSchema>;

export const signupSchema = z.object({ name: required('name is Required', 100), email, password });
export type SignupInput = z.infer<typeof signupSchema>;

export const emailParamSchema = email;

export const forgotPasswordSchema = z.object({ email });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

export const INVALID_LINK = 'This link is invalid or has expired. Ask for a new one.';

/** A mailed one-time token: 32 random bytes in base64url. */
export const oneTimeTokenSchema = z
  .string({ error: INVALID_LINK })
  .regex(/^[A-Za-z0-9_-]{43}$/, { error: INVALID_LINK });

export const resetPasswordSchema = z.object({ token: oneTimeTokenSchema, password });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

export const changePasswordSchema = z.object({
  currentPassword: text('Password is Required').min(1, { error: 'Password is Required' }),
  newPassword: password,
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const verifyEmailSchema = z.object({ token: oneTimeTokenSchema });

export const idSchema = z.uuid({ error: 'Not found' });

export const profileSchema = z.object({
  address: required('Address is Required'),
  education: required('Education is Required', 200),
  institution: required('Institution is Required', 200),
  phone: required('Phone is Required', 40).refine(isPhoneNumber, { error: PHONE_MESSAGE }),
  linkedIn: required('LinkedIn is Required', 300).refine(isWebAddress, {
    error: WEB_ADDRESS_MESSAGE,
  }),
});
export type ProfileInput = z.infer<typeof profileSchema>;

/** Quantity limits of one tool, also used by the order form on the client. */
export function orderQuantitySchema(limits: { min_quantity: number; quantity: number }) {
  return z
    .number({ error: 'Order quantity is Required' })
    .int({ error: 'Order quantity must be a whole number of pieces' })
    .min(limits.min_quantity, { error: 'You can not order less then minimum quantity' })
    .max(limits.quantity, { error: 'You can not order more than available quantity' });
}

const orderContact = {
  address: required('Address is Required'),
  phone: required('Phone Number is Required', 40),
};

export function orderFormSchema(limits: { min_quantity: number; quantity: number }) {
  return z.object({ quantity: orderQuantitySchema(limits), ...orderContact });
}
export type OrderFormInput = z.infer<ReturnType<typeof orderFormSchema>>;

export const orderInputSchema = z.object({
  toolId: z.uuid({ error: 'Choose an existing tool' }),
  quantity: z
    .number({ error: 'Order quantity is Required' })
    .int({ error: 'Order quantity must be a whole number of pieces' })
    .min(1, { error: 'You can not order less then minimum quantity' })
    .max(1_000_000, { error: 'You can not order more than available quantity' }),
  ...orderContact,
});
export type OrderInput = z.infer<typeof orderInputSchema>;

const imageReference = text('Image must be text')
  .trim()
  .max(2000, { error: 'Image must be at most 2000 characters' })
  // A path here must not start `//` or `/\` (another host), nor hold whitespace, which browsers drop (`/\t/host`).
  .refine((value) => /^\/[^/\\\s]\S*$/.test(value) || /^https?:\/\/\S+$/i.test(value), {
    error: 'Image must be an http(s) URL or a path on this site',
  });

// SPEC quirk kept on purpose: quantity and min_quantity both say 'Price is Required'.
export const productSchema = z
  .object({
    name: required('Name is Required', 120),
    about: required('About is Required', 2000),
    // Optional: without one the shop assigns a SKU (a new tool) or keeps the tool's (an edit).
    sku: skuSchema.optional(),
    price: dollarsSchema('Price'),
    quantity: z
      .number({ error: 'Price is Required' })
      .int({ error: 'Quantity must be a whole number' })
      .min(0, { error: 'Quantity can not be negative' })
      .max(10_000_000, { error: 'Quantity is too high' }),
    min_quantity: z
      .number({ error: 'Price is Required' })
      .int({ error: 'Minimum quantity must be a whole number' })
      .min(1, { error: 'Minimum quantity must be at least 1' })
      .max(10_000_000, { error: 'Minimum quantity is too high' }),
    image: text('Image is Required')
      .trim()
      .min(1, { error: 'Image is Required' })
      .pipe(imageReference),
    // Optional: a new tool without them has none, an edit without them keeps the tool's.
    priceBreaks: priceBreaksSchema.optional(),
  })
  // Stock 0 is "out of stock", which an admin may set; any other stock must allow one minimum order.
  .refine((product) => product.quantity === 0 || product.min_quantity <= product.quantity, {
    path: ['min_quantity'],
    error: 'Minimum quantity can not be more than the quantity',
  })
  .superRefine((product, ctx) => {
    if (!product.priceBreaks) return;
    const tool = { priceCents: toCents(product.price), minQuantity: product.min_quantity };
    for (const problem of priceBreakProblems(tool, breaksInCents(product.priceBreaks)))
      ctx.addIssue({ code: 'custom', path: ['priceBreaks', ...problem.path], message: problem.message });
  });
export type ProductInput = z.infer<typeof productSchema>;

export const restockSchema = z.object({
  newQuantity: z
    .number({ error: 'newQuantity is Required' })
    .int({ error: 'newQuantity must be a whole number' })
    .min(0, { error: 'newQuantity can not be negative' })
    .max(10_000_000, { error: 'newQuantity is too high' }),
});

const PRODUCT_FIELDS = [
  'name',
  'about',
  'sku',
  'price',
  'quantity',
  'min_quantity',
  'image',
  'priceBreaks',
] as const;

/**
 * Body of PUT /tools/{id}: a body with `newQuantity` restocks and nothing else (SPEC §7: whatever else it carries is
 * ignored, no mass assignment); a body of product fields without it edits the product, every field with the add
 * form's rules.
 */
export type ToolUpdate =
  { kind: 'product'; product: ProductInput } | { kind: 'restock'; newQuantity: number };

export const toolUpdateSchema = z.looseObject({}).transform((body, ctx): ToolUpdate => {
  const refuse = (error: z.ZodError) => {
    for (const issue of error.issues)
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    return z.NEVER;
  };
  if (!('newQuantity' in body) && PRODUCT_FIELDS.some((field) => field in body)) {
    const product = productSchema.safeParse(body);
    return product.success ? { kind: 'product', product: product.data } : refuse(product.error);
  }
  const restock = restockSchema.safeParse(body);
  return restock.success
    ? { kind: 'restock', newQuantity: restock.data.newQuantity }
    : refuse(restock.error);
});

export const reviewSchema = z.object({
  // SPEC §5: the tool name is not required; an empty one means the review names no tool.
  toolName: text('Tool name must be text')
    .trim()
    .max(120, { error: 'Must be at most 120 characters' })
    .optional()
    .nullable()
    .transform((value) => value || null),
  userReview: required('Review is Required', 1000),
  rating: z
    .number({ error: 'Rating is Required' })
    .int({ error: 'Rating must be a whole number from 0 to 5' })
    .min(0, { error: 'Rating must be a whole number from 0 to 5' })
    .max(5, { error: 'Rating must be a whole number from 0 to 5' }),
  image: z
    .union([z.literal(''), imageReference])
    .optional()
    .nullable()
    .transform((value) => value || null),
});
export type ReviewInput = z.input<typeof reviewSchema>;

export const paymentIntentSchema = z.object({
  orderId: z.uuid({ error: 'Unknown order' }),
  price: z.number({ error: 'price must be a number' }).optional(),
});

export const recordPaymentSchema = z.object({
  transactionId: text('transactionId is Required')
    .trim()
    .min(1, { error: 'transactionId is Required' })
    .max(255, { error: 'Unknown transaction' }),
});

export const testCardSchema = z.object({
  clientSecret: text('Payment session is missing')
    .min(1, { error: 'Payment session is missing' })
    .max(255),
  cardNumber: text('Your card number is incomplete.').max(40, {
    error: 'Your card number is invalid.',
  }),
  expiry: text("Your card's expiration date is incomplete.").max(10, {
    error: "Your card's expiration date is invalid.",
  }),
  cvc: text("Your card's security code is incomplete.").max(10, {
    error: "Your card's security code is invalid.",
  }),
});
export type TestCardInput = z.infer<typeof testCardSchema>;

export const orderListQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'page must be a number' })
    .int()
    .min(1, { error: 'page must be 1 or more' })
    .max(1_000_000)
    .default(1),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int()
    .min(1, { error: 'limit must be 1 to 200' })
    .max(200, { error: 'limit must be 1 to 200' })
    .default(50),
});

const PROFILE_FIELDS = ['address', 'education', 'institution', 'phone', 'linkedIn'] as const;

/**
 * Body of PUT /user/{email}: after sign-in it carries `{ email, name }` (the email is the URL's, the name optional);
 * from the profile form it carries the five profile fields, all required. Anything else (role!) is ignored.
 */
export const userUpdateSchema = z
  .looseObject({ name: text('name must be text').trim().max(100).optional() })
  .transform((body, ctx) => {
    const name = body.name || undefined;
    if (!PROFILE_FIELDS.some((field) => field in body)) return { name };
    const profile = profileSchema.safeParse(body);
    if (!profile.success) {
      for (const issue of profile.error.issues)
        ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
      return z.NEVER;
    }
    return { name, profile: profile.data };
  });

export const CATALOGUE_SORTS = ['newest', 'price-asc', 'price-desc', 'name'] as const;
export type CatalogueSort = (typeof CATALOGUE_SORTS)[number];

/** `/tools` and `GET /api/tools`: `?q=&inStock=1&sort=`; without any of them the API answers SPEC's plain array. */
export const catalogueQuerySchema = z.object({
  q: text('Search text must be text')
    .trim()
    .max(100, { error: 'Search for 100 characters or fewer' })
    .optional()
    .transform((value) => value || undefined),
  inStock: z
    .enum(['1', '0', 'true', 'false'], { error: 'inStock must be 1 or 0' })
    .optional()
    .transform((value) => value === '1' || value === 'true'),
  sort: z
    .enum(CATALOGUE_SORTS, { error: 'sort must be newest, price-asc, price-desc or name' })
    .default('newest'),
});
export type CatalogueQuery = z.output<typeof catalogueQuerySchema>;

/** A query parameter that a form sends empty when it is not used. */
const optionalParam = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isRealDay = (value: string) => {
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
};
const isoDate = (field: string) =>
  z
    .string()
    .regex(ISO_DATE, { error: `${field} must be a date like 2026-11-24` })
    // A day that exists: JavaScript would roll 2026-02-30 over into March.
    .refine((value) => isRealDay(value), {
      error: `${field} must be a date like 2026-11-24`,
    });

export const ORDER_STATUSES = ['unpaid', 'to-ship', 'shipped'] as const;
export type OrderStatusFilter = (typeof ORDER_STATUSES)[number];

/** All Orders' filters (admin): status, an order number or a customer's email, a range of placing dates (UTC). */
const orderFilterFields = {
  status: optionalParam(
    z.enum(ORDER_STATUSES, { error: 'status must be unpaid, to-ship or shipped' }),
  ),
  q: optionalParam(
    text('Search text must be text')
      .trim()
      .max(254, { error: 'Search for 254 characters or fewer' }),
  ).transform((value) => value || undefined),
  from: optionalParam(isoDate('from')),
  to: optionalParam(isoDate('to')),
};

const rangeInOrder = (filter: { from?: string; to?: string }) =>
  !filter.from || !filter.to || filter.from <= filter.to;
const RANGE_ERROR = { path: ['to'], error: 'to must not be before from' };

export const orderFilterSchema = z.object(orderFilterFields).refine(rangeInOrder, RANGE_ERROR);
export type OrderFilter = z.output<typeof orderFilterSchema>;

/** GET /order (admin): a page of All Orders, filtered. */
export const adminOrderQuerySchema = z
  .object({ ...orderListQuerySchema.shape, ...orderFilterFields })
  .refine(rangeInOrder, RANGE_ERROR);

/** A code from the authenticator app (6 digits) or a recovery code (`xxxxx-xxxxx`): enrolment, sign-in, turning off. */
export const twoFactorCodeSchema = z.object({
  code: z
    .string({ message: 'Code is Required' })
    .trim()
    .min(1, { message: 'Code is Required' })
    .max(32, { message: 'The code is too long' }),
});
export type TwoFactorCodeInput = z.infer<typeof twoFactorCodeSchema>;

/**
 * Closing one's account: nothing more when the sign-in is recent, else the password or a two-factor code (or a
 * recovery code) confirms that it is the account's owner at the keyboard.
 */
export const closeAccountSchema = z.object({
  password: z.string().max(1000, { message: 'The password is too long' }).optional(),
  code: z.string().trim().max(32, { message: 'The code is too long' }).optional(),
});
export type CloseAccountInput = z.infer<typeof closeAccountSchema>;
/** All Users → Disable / Enable: `PUT /api/user/disabled/{id}`. */
export const accountDisabledSchema = z.object({
  disabled: z.boolean({ error: 'disabled must be true or false' }),
});
export type AccountDisabledInput = z.infer<typeof accountDisabledSchema>;

/** "Email me a sign-in link": the address, and where to go once signed in. */
export const emailLinkRequestSchema = z.object({
  email,
  from: z.string().max(2000).optional(),
});
export type EmailLinkRequestInput = z.infer<typeof emailLinkRequestSchema>;

/** Opening the mailed link: the token, and the name SPEC's sign-up asks for when the link opens a new account. */
export const emailLinkSignInSchema = z.object({
  token: oneTimeTokenSchema,
  name: signupSchema.shape.name.optional(),
});
export type EmailLinkSignInInput = z.infer<typeof emailLinkSignInSchema>;
