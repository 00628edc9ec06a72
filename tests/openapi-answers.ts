import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { OpenApiDocument } from '@/lib/openapi/document';

// Holds every JSON answer the integration tests receive through `call` (tests/helpers.ts) to the OpenAPI document:
// a documented route's 2xx answer to its schema, and any 4xx/5xx answer to the error shape. The route of a handler is
// learnt from its module (vitest.config.ts, api-route-names). Validators are compiled on first use, per operation.

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface RouteOf {
  path: string;
  method: Method;
}

const routes = new WeakMap<object, RouteOf>();

declare global {
  var __apiRoute: ((path: string, handlers: Partial<Record<Method, unknown>>) => void) | undefined;
}

globalThis.__apiRoute = (path, handlers) => {
  for (const [method, handler] of Object.entries(handlers))
    if (typeof handler === 'function') routes.set(handler, { path, method: method as Method });
};

const DOCUMENT_ID = 'openapi.json';
let ajv: Ajv2020 | undefined;
let document: OpenApiDocument | undefined;
const validators = new Map<string, ValidateFunction | null>();

function validatorFor(schema: unknown): ValidateFunction {
  if (!ajv) {
    ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema({ $id: DOCUMENT_ID, components: document!.components });
  }
  const linked = JSON.stringify(schema).replaceAll(
    '"#/components/',
    `"${DOCUMENT_ID}#/components/`,
  );
  return ajv.compile(JSON.parse(linked));
}

type Responses = Record<string, { content?: Record<string, { schema: unknown }> }>;

/** The problem with this answer against the document, or null (an answer of an undocumented route is not judged). */
export async function answerProblem(
  handler: unknown,
  status: number,
  body: unknown,
  contentType: string,
): Promise<string | null> {
  const route = routes.get(handler as object);
  if (!route) return null;
  // Loaded on the first answer, so a test file that calls no route pays nothing.
  document ??= (await import('@/lib/openapi/document')).openApiDocument();
  const where = `${route.method} ${route.path} → ${status}`;
  const operation = (document.paths as Record<string, Record<string, { responses: Responses }>>)[
    route.path
  ]?.[route.method.toLowerCase()];
  // A server's failure (fault tests cause them on purpose) is no answer the document promises.
  if (status === 405 || status >= 500 || !/json/.test(contentType)) return null;
  if (!operation)
    return status >= 400 ? null : `${where}: the route is not in the OpenAPI document`;
  // A refusal the entry does not list must still be the one error shape every refusal has.
  const response =
    operation.responses[String(status)] ??
    (status >= 400
      ? { content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } }
      : undefined);
  if (!response) return `${where}: the status is not in the OpenAPI document`;
  const schema = response.content?.['application/json']?.schema;
  if (!schema) return `${where}: the document says no JSON here`;
  const key = `${where}`;
  if (!validators.has(key)) validators.set(key, validatorFor(schema));
  const validate = validators.get(key)!;
  return validate(body)
    ? null
    : `${where}: ${ajv!.errorsText(validate.errors)} in ${JSON.stringify(body).slice(0, 300)}`;
}
