import { z } from 'zod';

// The primitives every input schema of lib/validation/ is built from. One schema per input, shared by the form
// (react-hook-form + zodResolver) and the route handler; messages are docs/PRODUCT.md's (Validation), verbatim.

// Zod 4 probes `new Function` to speed up parsing; under our CSP (no 'unsafe-eval') that probe is a violation.
z.config({ jitless: true });

// PostgreSQL text cannot hold NUL, and no field of this shop has a use for other control characters: refusing
// them here turns what would be a database error into the field's own 400. Tabs and line breaks stay allowed.
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** A string of printable text; `message` is the field's message for a missing value. */
export const text = (message: string) =>
  z
    .string({ error: message })
    .refine((value) => !CONTROL_CHARACTERS.test(value), { error: 'Remove the control characters' });

export const required = (message: string, max = 500) =>
  text(message)
    .trim()
    .min(1, { error: message })
    .max(max, { error: `Must be at most ${max} characters` });

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const email = text('Email is Required')
  .trim()
  .min(1, { error: 'Email is Required' })
  .max(254, { error: 'Provide a valid Email' })
  .regex(EMAIL_PATTERN, { error: 'Provide a valid Email' })
  .transform((value) => value.toLowerCase());

export const password = text('Password is Required')
  .min(1, { error: 'Password is Required' })
  .min(6, { error: 'Must be 6 characters or longer' })
  .max(128, { error: 'Must be at most 128 characters' });

export const emailParamSchema = email;

export const idSchema = z.uuid({ error: 'Not found' });

export const imageReference = text('Image must be text')
  .trim()
  .max(2000, { error: 'Image must be at most 2000 characters' })
  // A path here must not start `//` or `/\` (another host), nor hold whitespace, which browsers drop (`/\t/host`).
  .refine((value) => /^\/[^/\\\s]\S*$/.test(value) || /^https?:\/\/\S+$/i.test(value), {
    error: 'Image must be an http(s) URL or a path on this site',
  });

/** A query parameter that a form sends empty when it is not used. */
export const optionalParam = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
