import { z } from 'zod';
import { AppError, badRequest, tooLarge } from '@/lib/errors';
import { log } from '@/lib/process/log.mjs';
import { applySecurityHeaders } from '@/lib/security-headers';

/**
 * A public list that a shared cache (nginx, docs/ARCHITECTURE.md, Production topology) may serve for one second;
 * browsers keep nothing. Writes invalidate the data cache of every instance, so nothing is older than a second plus the
 * time of one render.
 */
export const SHARED_FOR_A_SECOND = { 'Cache-Control': 'public, max-age=0, s-maxage=1' } as const;

const DATABASE_DOWN_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '08000',
  '08003',
  '08006',
  '57014', // query_canceled: statement_timeout, the server gave up on a slow statement
  '55P03', // lock_not_available: lock_timeout, a row stayed locked too long
  // PgBouncer's own refusals: query_wait_timeout (no server connection came free in time), no more connections
  '08P01',
]);

/** Class 22 (data exception): a value PostgreSQL refuses. Validation should catch these first; this is the net. */
const BAD_VALUE_CODE = /^22[0-9A-Z]{3}$/;

const postgresCode = (error: Error) => {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
};

/** The error and its causes (drizzle wraps the driver's error), outermost first. */
function* causes(error: unknown) {
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < 4; depth++) {
    yield current;
    current = current.cause;
  }
}

const isBadValue = (error: unknown) =>
  [...causes(error)].some((cause) => BAD_VALUE_CODE.test(postgresCode(cause) ?? ''));

function isDatabaseUnavailable(error: unknown): boolean {
  for (const current of causes(error)) {
    const code = postgresCode(current);
    if (code && DATABASE_DOWN_CODES.has(code)) return true;
    if (
      /Connection terminated|timeout exceeded when trying to connect|Query read timeout/i.test(
        current.message,
      )
    ) {
      return true;
    }
  }
  return false;
}

export function errorResponse(error: unknown): Response {
  if (error instanceof z.ZodError) error = zodToAppError(error);
  if (error instanceof AppError) {
    const body = {
      ...error.details,
      error: {
        code: error.code,
        message: error.message,
        ...(error.fields && { fields: error.fields }),
      },
    };
    return Response.json(body, { status: error.status, headers: error.headers });
  }
  if (isDatabaseUnavailable(error)) {
    log.error({ err: error }, 'database unavailable');
    return Response.json(
      {
        error: {
          code: 'unavailable',
          message: 'The shop is briefly unavailable, please try again in a moment',
        },
      },
      { status: 503, headers: { 'Retry-After': '2' } },
    );
  }
  if (isBadValue(error)) {
    log.warn({ err: error }, 'value refused by PostgreSQL');
    return Response.json(
      { error: { code: 'bad_request', message: 'One of the values is not accepted' } },
      { status: 400 },
    );
  }
  log.error({ err: error }, 'unexpected error');
  return Response.json(
    { error: { code: 'internal', message: 'Something went wrong on our side' } },
    { status: 500 },
  );
}

export function zodToAppError(error: z.ZodError): AppError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || 'body';
    fields[key] ??= issue.message;
  }
  return badRequest(error.issues[0]?.message ?? 'Invalid input', fields);
}

/**
 * The largest body a REST call takes (docs/PRODUCT.md, The REST contract). The longest valid input, a product with a
 * 2,000-character image URL and its description, is a few kilobytes; this bounds what one request can make the server
 * hold (and with it the nesting depth and string lengths JSON.parse can meet) before validation says no.
 */
export const MAX_BODY_BYTES = 64 * 1024;

/**
 * A request's body, refused with 413 once it passes `limit` bytes: a declared Content-Length over the limit is refused
 * before a byte is read, a chunked or lying body as soon as the count passes it, never buffered whole.
 */
async function readBoundedBytes(
  request: Request,
  limit: number,
  tooBig: () => Error,
): Promise<Buffer> {
  if (Number(request.headers.get('content-length') ?? 0) > limit) throw tooBig();
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooBig();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** A request's body as text, at most `limit` bytes (413 beyond). */
export async function readBoundedText(request: Request, limit = MAX_BODY_BYTES): Promise<string> {
  return (await readBoundedBytes(request, limit, () => tooLarge(limit))).toString('utf8');
}

/** Room for a multipart body's boundaries and part headers around the file itself. */
const MULTIPART_OVERHEAD = 16 * 1024;

/**
 * A multipart/form-data body (a file upload), at most `fileLimit` bytes of file: a larger body is refused with 413
 * and the file field's message before it is all read, then the form is validated with `schema` (400 with the
 * field's message).
 */
export async function readMultipart<T extends z.ZodType>(
  request: Request,
  schema: T,
  fileLimit: number,
  tooBigMessage: string,
): Promise<z.infer<T>> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data;/i.test(contentType))
    throw badRequest('Send the file as multipart/form-data');
  const bytes = await readBoundedBytes(
    request,
    fileLimit + MULTIPART_OVERHEAD,
    () => new AppError(413, 'too_large', tooBigMessage, { file: tooBigMessage }),
  );
  const form = await new Response(new Uint8Array(bytes), {
    headers: { 'content-type': contentType },
  })
    .formData()
    .catch(() => {
      throw badRequest('The body is not valid multipart/form-data');
    });
  const parsed = schema.safeParse(Object.fromEntries(form));
  if (!parsed.success) throw zodToAppError(parsed.error);
  return parsed.data;
}

/**
 * Parses a JSON request body with a schema; malformed JSON or a wrong content type is a 400, an oversized body a
 * 413, never a 500. Route handlers call it after they know who is calling (401 and 403 come first).
 */
export async function readBody<T extends z.ZodType>(
  request: Request,
  schema: T,
): Promise<z.infer<T>> {
  // The media type itself, not any mention of it: `text/plain; charset=application/json` is a type a page on
  // another origin may send without a CORS preflight.
  const mediaType = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (mediaType !== 'application/json') {
    throw badRequest('Send the body as application/json');
  }
  const text = await readBoundedText(request);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw badRequest('The body is not valid JSON');
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw zodToAppError(parsed.error);
  return parsed.data;
}

/** Parses a request's query string with a schema; a bad value is a 400 with the field's message. */
export function readQuery<T extends z.ZodType>(request: Request, schema: T): z.infer<T> {
  const parsed = schema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) throw zodToAppError(parsed.error);
  return parsed.data;
}

type Handler<C> = (request: Request, context: C) => Promise<Response>;

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
type Method = (typeof METHODS)[number];

/**
 * Handlers for the methods a path does not serve, answering JSON 405 with `Allow` like every other error (Next's own
 * 405 is an empty body). Spread into a route file: `export const { PUT, PATCH, DELETE } = otherMethods('GET', 'POST')`.
 */
export function otherMethods(...served: Method[]): Record<Method, () => Response> {
  const allow = [...served, ...(served.includes('GET') ? ['HEAD'] : []), 'OPTIONS'].join(', ');
  const refuse = () =>
    Response.json(
      { error: { code: 'method_not_allowed', message: 'This call does not take this method' } },
      { status: 405, headers: { Allow: allow } },
    );
  return Object.fromEntries(METHODS.map((method) => [method, refuse])) as Record<
    Method,
    () => Response
  >;
}

/**
 * Wraps a route handler so that every thrown error becomes the contract's JSON error response, and every answer
 * carries the security headers (also where proxy.ts does not run: its matcher leaves out the busiest API calls).
 */
export function route<C>(handler: Handler<C>): Handler<C> {
  return async (request, context) => {
    let response: Response;
    try {
      response = await handler(request, context);
    } catch (error) {
      response = errorResponse(error);
    }
    applySecurityHeaders(response.headers);
    return response;
  };
}
