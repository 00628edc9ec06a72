import { ApiError } from '@/lib/client/api';

/** Puts each field message of a refused submission (a 400) under its field; answers whether any field got one. */
export function showFieldErrors<Field extends string>(
  cause: unknown,
  fields: readonly Field[],
  setFieldError: (field: Field, error: { message: string }) => void,
): boolean {
  if (!(cause instanceof ApiError)) return false;
  const atFault = fields.filter((field) => cause.fields[field]);
  for (const field of atFault) setFieldError(field, { message: cause.fields[field]! });
  return atFault.length > 0;
}

/**
 * Shows a refused submission where it belongs: field messages under their fields, anything else (a 409, a network
 * failure) as one line for the whole form.
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
  if (!showFieldErrors(cause, fields, setFieldError)) setFormError(cause.message);
}
