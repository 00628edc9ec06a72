import { getDb, type Database } from '@/lib/db/client';
import { AppError } from '@/lib/errors';
import { readBoundedText } from '@/lib/http';
import { log } from '@/lib/process/log.mjs';
import { applySecurityHeaders } from '@/lib/security-headers';
import { originOfHeaders } from '@/lib/site-origin';
import { cxmlResponse } from './messages';
import { CxmlError, type CxmlStatusCode } from './status';
import { MAX_DOCUMENT_BYTES } from './xml';

// The two cXML endpoints answer cXML whatever happens: a refusal is a `Response` whose Status carries the code and
// the reason, with the same HTTP status, so a procurement system and a plain HTTP client read it alike.

type Answer = (db: Database, xml: string, origin: string) => Promise<string>;

/** The document: the request's body, or the `cxml-urlencoded` / `cxml-base64` field of a posted form. */
async function documentOf(request: Request): Promise<string> {
  const body = await readBoundedText(request, MAX_DOCUMENT_BYTES * 2);
  if (!(request.headers.get('content-type') ?? '').includes('application/x-www-form-urlencoded'))
    return body;
  const form = new URLSearchParams(body);
  const encoded = form.get('cxml-urlencoded') ?? form.get('cXML-urlencoded');
  if (encoded !== null) return encoded;
  const base64 = form.get('cxml-base64') ?? form.get('cXML-base64');
  if (base64 !== null) return Buffer.from(base64, 'base64').toString('utf8');
  throw new CxmlError(400, 'The form carries no cxml-urlencoded field');
}

function refusal(error: unknown): CxmlError {
  if (error instanceof CxmlError) return error;
  if (error instanceof AppError) {
    const known: Partial<Record<number, Exclude<CxmlStatusCode, 200>>> = {
      400: 400,
      401: 401,
      403: 403,
      409: 409,
      413: 400,
    };
    return new CxmlError(known[error.status] ?? 500, error.message);
  }
  log.error({ err: error }, 'cXML document failed');
  return new CxmlError(500, 'The document could not be processed; please send it again later');
}

export function cxmlRoute(answer: Answer) {
  return async (request: Request): Promise<Response> => {
    const origin = originOfHeaders(request.headers, new URL(request.url).host);
    let status = 200;
    let body: string;
    try {
      body = await answer(getDb(), await documentOf(request), origin);
    } catch (error) {
      const refused = refusal(error);
      status = refused.code;
      body = cxmlResponse(refused.code, refused.message, new URL(origin).host);
    }
    const response = new Response(body, {
      status,
      headers: { 'Content-Type': 'text/xml; charset=UTF-8', 'Cache-Control': 'no-store' },
    });
    applySecurityHeaders(response.headers);
    return response;
  };
}
