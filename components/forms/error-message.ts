import { ApiError, NetworkError } from '@/lib/client/api';

/** A message fit for the user: the API's own message, else a generic one (the cause goes to the console). */
export function errorMessage(
  error: unknown,
  fallback = 'Something went wrong, please try again',
): string {
  if (error instanceof ApiError || error instanceof NetworkError) return error.message;
  console.error(error);
  return fallback;
}
