import { ApiError } from '@/lib/client/api';

/**
 * Shows a refused submission where it belongs: each field message of a 400 under its field, anything else (a 409,
 * a network failure) as one line for the whole form. Answers whether any field got a message.
 */
export function showApiError<Field extends string>(
  cause: unknown,
  fields: readonly Field[],
  setFieldError: (field: Field, error: { message: string }) => void,
  setFormError: (message: string) => void,
  fallback: string,
): void {
  if (!(cause instanceof ApiError)) {
    console.error(fallback, cause);
    setFormError(fallback);
    return;
  }
  const atFault = fields.filter((field) => cause.fields[field]);
  for (const field of atFault) setFieldError(field, { message: cause.fields[field]! });
  if (atFault.length === 0) setFormError(cause.message);
}
