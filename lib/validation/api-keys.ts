import { z } from 'zod';
import { required } from './fields';

// API keys of a company (lib/companies/api-keys.ts): what a key may do, and the owner's form that makes one.

/** What a key may be granted; lib/auth/api-key-routes.ts says which routes each one opens. */
export const API_KEY_SCOPES = [
  'catalogue:read',
  'orders:read',
  'orders:write',
  'invoices:read',
] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, string> = {
  'catalogue:read': 'Read the catalogue',
  'orders:read': "Read the company's orders",
  'orders:write': 'Fill the cart and place orders',
  'invoices:read': 'Read invoices and the statement',
};

export const DEFAULT_KEY_DAYS = 90;
export const MAX_KEY_DAYS = 365;

const SCOPE_MESSAGE = `Scopes must be some of ${API_KEY_SCOPES.join(', ')}`;

/** `POST /api/company/api-keys` and the New API key form (owners). */
export const apiKeyCreateSchema = z.object({
  name: required('Name is Required', 80),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, { error: SCOPE_MESSAGE }), { error: SCOPE_MESSAGE })
    .min(1, { error: 'Choose at least one scope' })
    .transform((scopes) => API_KEY_SCOPES.filter((scope) => scopes.includes(scope))),
  expiresInDays: z
    .number({ error: 'Expiry must be a number of days' })
    .int({ error: 'Expiry must be a whole number of days' })
    .min(1, { error: `Expiry must be 1 to ${MAX_KEY_DAYS} days` })
    .max(MAX_KEY_DAYS, { error: `Expiry must be 1 to ${MAX_KEY_DAYS} days` })
    .default(DEFAULT_KEY_DAYS),
});
export type ApiKeyCreateInput = z.input<typeof apiKeyCreateSchema>;
