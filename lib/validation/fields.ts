import { z } from 'zod';

// The primitives every input schema of lib/validation/ is built from. One schema per input, shared by the form
// (react-hook-form + zodResolver) and the route handler; messages are docs/PRODUCT.md's (Validation), verbatim.

// Zod 4 probes `new Function` to speed up parsing; under our CSP (no 'unsafe-eval') that probe is a violation.
z.config({ jitless: true });

// Control characters (C0, DEL and C1) have no use in any field of this shop: PostgreSQL text cannot hold NUL, and a
// stray carriage return or C1 code prints as a foreign glyph on an invoice ("\r" came out as "Ð"). A field is one
// line unless it is a text area, whose line breaks arrive as "\n" (a browser's "\r\n" is made "\n" first).
const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F-\u009F]/;
const CONTROL_CHARACTERS_BUT_NEWLINE = /[\u0000-\u0009\u000B-\u001F\u007F-\u009F]/;
export const CONTROL_CHARACTERS_MESSAGE = 'Remove the control characters';

/** A string of printable text on one line; `message` is the field's message for a missing value. */
export const text = (message: string) =>
  z
    .string({ error: message })
    .refine((value) => !CONTROL_CHARACTERS.test(value), { error: CONTROL_CHARACTERS_MESSAGE });

/** An optional line of at most `max` characters: trimmed, and empty or missing is null (clears the field). */
export const optionalText = (name: string, max: number) =>
  text(`${name} must be text`)
    .trim()
    .max(max, { error: `${name} must be at most ${max} characters` })
    .nullable()
    .optional()
    .transform((value) => value || null);

/** Printable text of several lines (a text area): line breaks as "\n", no other control character. */
export const multilineText = (message: string) =>
  z
    .string({ error: message })
    .transform((value) => value.replace(/\r\n/g, '\n'))
    .refine((value) => !CONTROL_CHARACTERS_BUT_NEWLINE.test(value), {
      error: CONTROL_CHARACTERS_MESSAGE,
    });

export const required = (message: string, max = 500) =>
  text(message)
    .trim()
    .min(1, { error: message })
    .max(max, { error: `Must be at most ${max} characters` });

/** A required text area: `required`'s bounds, several lines. */
export const requiredMultiline = (message: string, max = 500) =>
  multilineText(message).pipe(
    z
      .string()
      .trim()
      .min(1, { error: message })
      .max(max, { error: `Must be at most ${max} characters` }),
  );

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

/** Dollars with at most 2 decimals, above zero (or at zero when `allowZero`), at most $999,999,999.99. */
export const dollars = (name: string, allowZero = false) =>
  z
    .number({ error: `${name} must be a number` })
    .refine((value) => (allowZero ? value >= 0 : value > 0), {
      error: `${name} must be ${allowZero ? '0 or more' : 'more than 0'}`,
    })
    .refine((value) => value < 1_000_000_000, { error: `${name} can be at most $999,999,999.99` })
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, {
      error: `${name} can have at most 2 decimals`,
    });
