import { z } from 'zod';
import { toCents } from '@/lib/money';
import { imageReference, required, requiredMultiline, text } from './fields';
import {
  breaksInCents,
  dollarsSchema,
  priceBreakProblems,
  priceBreaksSchema,
} from './price-breaks';
import { skuSchema } from './sku';
import { unitOfMeasureSchema, unspscSchema } from './units';

// The catalogue: adding and editing a product, restocking, searching.

const IMAGE_REQUIRED = 'Image is Required';
/** Where POST /api/uploads keeps a photo (lib/uploads/store.ts). */
const UPLOADED_PHOTO = /^\/api\/uploads\/[0-9a-f-]{36}$/i;

/** A text field a form sends empty when unused: blank is absent. */
const optionalText = (schema: z.ZodType<string, string>, message: string) =>
  text(message)
    .trim()
    .transform((value) => value || undefined)
    .pipe(schema.optional())
    .optional();

// A quirk of the original kept on purpose (docs/PRODUCT.md, Validation): quantity and min_quantity both say 'Price is
// Required'.
export const productSchema = z
  .object({
    name: required('Name is Required', 120),
    about: requiredMultiline('About is Required', 2000),
    // Optional: without one the shop assigns a SKU (a new tool) or keeps the tool's (an edit).
    sku: skuSchema.optional(),
    price: dollarsSchema('Price'),
    quantity: z
      .number({ error: 'Price is Required' })
      .int({ error: 'Quantity must be a whole number' })
      .min(0, { error: 'Quantity can not be negative' })
      .max(10_000_000, { error: 'Quantity can be at most 10,000,000' }),
    min_quantity: z
      .number({ error: 'Price is Required' })
      .int({ error: 'Minimum quantity must be a whole number' })
      .min(1, { error: 'Minimum quantity must be at least 1' })
      .max(10_000_000, { error: 'Minimum quantity can be at most 10,000,000' }),
    // An image address or an uploaded photo: one of them (IMAGE_REQUIRED below).
    image: optionalText(imageReference, 'Image must be text'),
    photo: optionalText(
      z.string().regex(UPLOADED_PHOTO, { error: 'Photo must be a photo uploaded to this shop' }),
      'Photo must be text',
    ),
    // Optional: a new tool without them has none, an edit without them keeps the tool's.
    priceBreaks: priceBreaksSchema.optional(),
    // Which of the seller's VAT rates its standard-rated lines take; a new tool without it is standard, an edit
    // without it keeps the tool's.
    taxRate: z
      .enum(['standard', 'reduced'], { error: 'Tax rate must be standard or reduced' })
      .optional(),
    // What the product is sold by (lib/validation/units.ts); a new tool without it is sold by the piece (C62), an
    // edit without it keeps the tool's.
    unitOfMeasure: unitOfMeasureSchema.optional(),
    // The UNSPSC commodity code procurement systems file the line under. Absent keeps the tool's; blank or null
    // clears it.
    unspsc: text('UNSPSC must be text')
      .trim()
      .transform((value) => value || null)
      .pipe(unspscSchema.nullable())
      .nullable()
      .optional(),
  })
  // Either the address or an uploaded photo will do; the refusal is the image field's, even while others are wrong.
  .refine((product) => Boolean(product.image || product.photo), {
    path: ['image'],
    error: IMAGE_REQUIRED,
    when: ({ value }) => typeof value === 'object' && value !== null,
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
      ctx.addIssue({
        code: 'custom',
        path: ['priceBreaks', ...problem.path],
        message: problem.message,
      });
  })
  // The product has one image: the uploaded photo when there is one, else the address.
  .transform(({ photo, image, ...product }) => ({ ...product, image: photo ?? image ?? '' }));
/** What the product form holds (image address and uploaded photo apart). */
export type ProductFormValues = z.input<typeof productSchema>;
/** A product as the service stores it (one image). */
export type ProductInput = z.output<typeof productSchema>;

export const restockSchema = z.object({
  newQuantity: z
    .number({ error: 'newQuantity is Required' })
    .int({ error: 'newQuantity must be a whole number' })
    .min(0, { error: 'newQuantity can not be negative' })
    .max(10_000_000, { error: 'newQuantity can be at most 10,000,000' }),
});

/** The fields of a product edit: the form's, and what tells an edit from a restock in PUT /api/tools/{id}. */
export const PRODUCT_FIELDS = [
  'name',
  'about',
  'sku',
  'price',
  'quantity',
  'min_quantity',
  'image',
  'photo',
  'priceBreaks',
  'taxRate',
  'unitOfMeasure',
  'unspsc',
] as const;

/**
 * Body of PUT /tools/{id}: a body with `newQuantity` restocks and nothing else (docs/PRODUCT.md, The REST contract:
 * whatever else it carries is ignored, no mass assignment); a body of product fields without it edits the product,
 * every field with the add form's rules.
 */
type ToolUpdate =
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

const CATALOGUE_SORTS = ['newest', 'price-asc', 'price-desc', 'name'] as const;
export type CatalogueSort = (typeof CATALOGUE_SORTS)[number];

/**
 * `/tools` and `GET /api/tools`: `?q=&inStock=1&sort=`; without any of them the API answers the original plain array.
 */
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

/** `GET /api/tools/lookup?q=&quantity=`: quick order's SKU look-up, as the buyer types a SKU or a name. */
export const toolLookupSchema = z.object({
  q: text('Type a SKU or a name')
    .trim()
    .min(1, { error: 'Type a SKU or a name' })
    .max(100, { error: 'Search for 100 characters or fewer' }),
  quantity: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce
      .number({ error: 'quantity must be a number' })
      .int({ error: 'quantity must be a whole number' })
      .min(1, { error: 'quantity must be 1 or more' })
      .max(10_000_000, { error: 'quantity can be at most 10,000,000' })
      .optional(),
  ),
});
export type ToolLookupQuery = z.output<typeof toolLookupSchema>;
