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

/**
 * The request never got an answer (connection dropped, server unreachable): it may or may not have reached the
 * server, so a write's outcome is unknown.
 */
export class NetworkError extends Error {
  constructor() {
    super('We could not reach the shop. Check your connection and try again.');
    this.name = 'NetworkError';
  }
}

/** Words for an error answer that carried no message of its own. */
function statusMessage(status: number): string {
  if (status === 401) return 'Your session has ended. Please log in again.';
  if (status === 403) return 'This is not yours to see or change.';
  if (status === 404) return 'We could not find it; it may have been removed.';
  if (status === 429) return 'Too many requests right now. Please wait a moment and try again.';
  return 'The shop could not answer just now. Please try again in a moment.';
}

/**
 * Calls our own /api with JSON in and out (a FormData body, an upload, goes as multipart); a non-2xx answer throws
 * ApiError with the server's message. The browser
 * is signed in by its HttpOnly session cookie alone: no script of the page ever holds a bearer token
 * (docs/DECISIONS.md, "the browser holds no bearer token").
 */
export async function apiRequest<T>(
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      credentials: 'same-origin',
      headers: {
        ...(body !== undefined &&
          !(body instanceof FormData) && { 'Content-Type': 'application/json' }),
        ...headers,
      },
      body: body === undefined || body instanceof FormData ? body : JSON.stringify(body),
    });
  } catch (cause) {
    console.error(`${method} ${url} got no answer`, cause);
    throw new NetworkError();
  }
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = (data as { error?: { message?: string; fields?: Record<string, string> } } | null)
      ?.error;
    throw new ApiError(
      response.status,
      error?.message ?? statusMessage(response.status),
      error?.fields,
    );
  }
  return data as T;
}

/** SWR fetcher: the key is the API URL. */
export const fetcher = <T>(url: string) => apiRequest<T>('GET', url);
