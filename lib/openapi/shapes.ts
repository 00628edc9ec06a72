import { z } from 'zod';
import type { ReviewDto, ToolDto, ToolSuggestionDto, UserDto } from '@/lib/types';

// The answers' shapes as zod schemas, for the OpenAPI document. Each is typed against its DTO in lib/types.ts, so a
// field added to the DTO and not here (or the other way round) fails the type check; tests/openapi.test.ts then holds
// every answer the integration tests receive to these schemas.

/** `{ error: { code, message, fields? } }` (lib/http.ts errorResponse); some errors add details beside it. */
export const errorShape = z
  .looseObject({
    error: z.object({
      code: z.string().min(1),
      message: z.string().min(1),
      fields: z.record(z.string(), z.string()).optional(),
    }),
  })
  .meta({ id: 'Error' });

// The Mongo-era acknowledgements; some answers add to them (POST /api/order: the order's number), so more is allowed.
export const insertedShape = z
  .looseObject({ acknowledged: z.literal(true), insertedId: z.string() })
  .meta({ id: 'Inserted' });
export const modifiedShape = z
  .looseObject({ acknowledged: z.literal(true), modifiedCount: z.number().int() })
  .meta({ id: 'Modified' });
export const deletedShape = z
  .looseObject({ acknowledged: z.literal(true), deletedCount: z.number().int() })
  .meta({ id: 'Deleted' });

/** An answer the document does not spell out field by field yet: a JSON object (docs/PRODUCT.md names its fields). */
export const objectShape = z.looseObject({});
export const listShape = z.array(z.looseObject({}));

const priceBreak = z.object({ minQuantity: z.number().int(), price: z.number() });

export const toolShape: z.ZodType<ToolDto> = z
  .object({
    _id: z.string(),
    sku: z.string(),
    name: z.string(),
    about: z.string(),
    price: z.number().describe('dollars per unit'),
    quantity: z.number().int().describe('pieces in stock'),
    min_quantity: z.number().int(),
    image: z.string(),
    priceBreaks: z.array(priceBreak),
    unitOfMeasure: z.string().describe('UN/ECE Recommendation 20 code; C62 is one piece'),
    unspsc: z.string().nullable().describe('UNSPSC commodity code, 8 digits'),
  })
  .meta({ id: 'Tool' });

export const toolSuggestionShape: z.ZodType<ToolSuggestionDto> = z
  .object({
    _id: z.string(),
    sku: z.string(),
    name: z.string(),
    quantity: z.number().int(),
    min_quantity: z.number().int(),
    pricedFor: z.number().int(),
    unitPrice: z.number(),
  })
  .meta({ id: 'ToolSuggestion' });

export const reviewShape: z.ZodType<ReviewDto> = z
  .object({
    _id: z.string(),
    toolName: z.string().nullable(),
    userName: z.string(),
    userReview: z.string(),
    rating: z.number(),
    image: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'Review' });

export const userShape: z.ZodType<UserDto> = z
  .object({
    _id: z.string(),
    name: z.string().nullable(),
    email: z.string(),
    role: z.enum(['admin', 'customer']),
    displayName: z.string().nullable(),
    education: z.string().nullable(),
    institution: z.string().nullable(),
    address: z.string().nullable(),
    phone: z.string().nullable(),
    linkedIn: z.string().nullable(),
    verified: z.boolean(),
    disabled: z.boolean(),
    company: z.string().nullable().optional(),
    terms: z.object({ netDays: z.number(), creditLimit: z.number() }).nullable().optional(),
  })
  .meta({ id: 'User' });

export const healthShape = z.object({ status: z.literal('ok') });
export const readyShape = z.looseObject({
  status: z.enum(['ready', 'not ready']),
  draining: z.boolean(),
});
