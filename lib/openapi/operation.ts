import type { z } from 'zod';

// One entry per route and method of /api: what the OpenAPI document (document.ts) says about it. The schemas are the
// ones the handler itself reads with (lib/validation/<noun>.ts) and the shapes its answers have (shapes.ts), so the
// description follows the code instead of being written twice.

/** Who may call: nobody needs to sign in, a caller may be signed in (the answer depends on it), or must be. */
export type Audience = 'public' | 'optional' | 'signed-in' | 'admin';

/** What a successful answer carries: a JSON schema, or a file of another type (PDF, CSV, XML, an image). */
export type Answer =
  | { status: number; description: string; json: z.ZodType }
  | { status: number; description: string; file: string }
  | { status: number; description: string; empty: true }
  | { status: number; description: string; redirect: true };

export interface Operation {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** OpenAPI's path template, `{name}` for a segment: `/api/tools/{id}` */
  path: string;
  tag: string;
  summary: string;
  audience: Audience;
  query?: z.ZodType;
  /** a JSON body, or `multipart` for a form with a file, or `document` for another type (punch-out's cXML) */
  body?: z.ZodType;
  document?: { type: string; description: string };
  multipart?: z.ZodType;
  /** Idempotency-Key is honoured (lib/idempotency.ts) */
  idempotent?: boolean;
  answer: Answer;
  /** other successes it may answer instead: a checkout held for approval is 202 */
  alsoAnswers?: Answer[];
  /** error statuses beyond those the audience, the body and the path imply (401, 403, 400, 404) */
  errors?: number[];
  /** who calls it when that is not a session or a key: punch-out's procurement systems */
  caller?: string;
  /** the media type errors come in when not the API's JSON: cXML answers refusals in cXML, a browser step in HTML */
  errorType?: string;
}
