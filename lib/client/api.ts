'use client';

/** An error answer of the REST contract, carrying its message and per-field messages. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const ACCESS_TOKEN_KEY = 'accessToken';

function authHeader(): Record<string, string> {
  // The session cookie already authenticates the browser; the stored accessToken is sent as the spec's bearer.
  const token =
    typeof window === 'undefined' ? null : window.localStorage.getItem(ACCESS_TOKEN_KEY);
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/** Calls our own /api with JSON in and out; a non-2xx answer throws ApiError with the server's message. */
export async function apiRequest<T>(
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const response = await fetch(url, {
    method,
    credentials: 'same-origin',
    headers: {
      ...(body !== undefined && { 'Content-Type': 'application/json' }),
      ...authHeader(),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = (data as { error?: { message?: string; fields?: Record<string, string> } } | null)
      ?.error;
    throw new ApiError(
      response.status,
      error?.message ?? `Request failed (${response.status})`,
      error?.fields,
    );
  }
  return data as T;
}

/** SWR fetcher: the key is the API URL. */
export const fetcher = <T>(url: string) => apiRequest<T>('GET', url);
