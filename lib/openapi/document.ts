import { z } from 'zod';
import type { Answer, Audience, Operation } from './operation';
import { operations } from './paths';
import { errorShape } from './shapes';

// The OpenAPI 3.1 document of /api, built from the operations' zod schemas with zod 4's own JSON Schema (OpenAPI
// 3.1's schemas are JSON Schema 2020-12, so no translation layer is needed; docs/DECISIONS.md says why no library).

type JsonSchema = Record<string, unknown>;

const ERROR_TEXT: Record<number, string> = {
  400: 'Bad input: the message, and each field’s in error.fields; nothing written',
  401: 'Nobody signed in: no valid session cookie or bearer token',
  402: 'The payment failed',
  403: 'Signed in, but not allowed',
  404: 'Not found, or another party’s',
  409: 'Conflicts with the current state',
  413: 'Too large',
  415: 'Unsupported media type',
  429: 'Too many requests (Retry-After)',
  503: 'Unavailable',
};

const SECURITY_SCHEMES = {
  session: {
    type: 'apiKey',
    in: 'cookie',
    name: 'authjs.session-token',
    description:
      'The browser’s HttpOnly session cookie (Auth.js; `__Secure-authjs.session-token` over HTTPS). Writes from a ' +
      'browser also need the same-origin checks every form passes.',
  },
  bearer: {
    type: 'http',
    scheme: 'bearer',
    description:
      '`Authorization: Bearer <token>`. Two formats share the scheme, told apart by their shape: the one-hour ' +
      'token the shop issues at sign-in (a JWT, HS256), and API keys (`tk_live_…`), which act with their scopes only.',
  },
};

/** The schemas of one document, each once: zod's `$defs` (a schema with `.meta({ id })`) become components. */
class SchemaSet {
  readonly components: Record<string, JsonSchema> = {};

  convert(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
    const converted = z.toJSONSchema(schema, {
      target: 'draft-2020-12',
      io,
      unrepresentable: 'any',
    });
    // The document states the dialect once (OpenAPI 3.1's default); each schema's own `$schema` goes.
    const { $defs, ...rest } = converted as JsonSchema & { $defs?: Record<string, JsonSchema> };
    delete rest.$schema;
    for (const [id, definition] of Object.entries($defs ?? {}))
      this.components[id] = this.relink(definition) as JsonSchema;
    return this.relink(rest) as JsonSchema;
  }

  /** `#/$defs/X` → `#/components/schemas/X`: in OpenAPI a reference starts at the document's root. */
  private relink(value: unknown): unknown {
    if (Array.isArray(value)) return value.map((item) => this.relink(item));
    if (typeof value !== 'object' || value === null) return value;
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        key,
        key === '$ref' && typeof item === 'string'
          ? item.replace('#/$defs/', '#/components/schemas/')
          : this.relink(item),
      ]),
    );
  }
}

const SECURITY: Record<Audience, Array<Record<string, string[]>> | undefined> = {
  public: [],
  optional: [{}, { session: [] }, { bearer: [] }],
  'signed-in': [{ session: [] }, { bearer: [] }],
  admin: [{ session: [] }, { bearer: [] }],
};

const pathParameters = (path: string) =>
  [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));

function queryParameters(schemas: SchemaSet, query: z.ZodType | undefined) {
  if (!query) return [];
  const object = schemas.convert(query, 'input') as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  return Object.entries(object.properties ?? {}).map(([name, schema]) => ({
    name,
    in: 'query',
    required: object.required?.includes(name) ?? false,
    schema,
  }));
}

/** The error statuses an operation can answer: its audience's, its input's, its path's, and its own. */
export function errorStatuses(operation: Operation): number[] {
  // Any call may carry an API key: one revoked or expired is a 401, one without the route's scope a 403, one over
  // its rate a 429; and any call may name something in a shape the shop refuses (400).
  const statuses = new Set([400, 401, 403, 429, ...(operation.errors ?? [])]);
  // A signed-in caller may still be refused (a disabled account, an admin owing two-factor, another's record), and
  // whatever a signed-in caller names may be missing or someone else's (404).
  if (operation.audience === 'signed-in' || operation.audience === 'admin')
    [401, 403, 404].forEach((status) => statuses.add(status));
  if (operation.body || operation.multipart || operation.document || operation.query)
    statuses.add(400);
  if (operation.body || operation.multipart) statuses.add(413);
  if (operation.path.includes('{')) statuses.add(404);
  return [...statuses].sort();
}

function describeAnswer(schemas: SchemaSet, answer: Answer) {
  const success =
    'json' in answer
      ? { content: { 'application/json': { schema: schemas.convert(answer.json, 'output') } } }
      : 'file' in answer
        ? {
            content: Object.fromEntries(
              answer.file
                .split(', ')
                .map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
            ),
          }
        : 'redirect' in answer
          ? { headers: { Location: { schema: { type: 'string', format: 'uri' } } } }
          : {};
  return { description: answer.description, ...success };
}

function describe(schemas: SchemaSet, operation: Operation) {
  const responses: Record<string, unknown> = Object.fromEntries(
    [operation.answer, ...(operation.alsoAnswers ?? [])].map((answer) => [
      answer.status,
      describeAnswer(schemas, answer),
    ]),
  );
  for (const status of errorStatuses(operation))
    responses[status] = {
      description: ERROR_TEXT[status] ?? 'Error',
      content: operation.errorType
        ? { [operation.errorType]: { schema: { type: 'string' } } }
        : { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    };
  const body = operation.body ?? operation.multipart;
  const mediaType = operation.multipart ? 'multipart/form-data' : 'application/json';
  const parameters = [
    ...pathParameters(operation.path),
    ...queryParameters(schemas, operation.query),
    ...(operation.idempotent
      ? [
          {
            name: 'Idempotency-Key',
            in: 'header',
            required: false,
            schema: { type: 'string', maxLength: 255 },
          },
        ]
      : []),
  ];
  return {
    operationId: `${operation.method}${operation.path.replace(/\W+(\w)?/g, (_, c?: string) => c?.toUpperCase() ?? '')}`,
    tags: [operation.tag],
    summary: operation.summary,
    ...(operation.audience === 'admin' && {
      description: 'Admins only (403 for anyone else signed in).',
    }),
    ...(operation.caller && { description: operation.caller }),
    security: SECURITY[operation.audience],
    ...(parameters.length > 0 && { parameters }),
    ...(body && {
      requestBody: {
        required: true,
        content: { [mediaType]: { schema: schemas.convert(body, 'input') } },
      },
    }),
    ...(operation.document && {
      requestBody: {
        required: true,
        description: operation.document.description,
        content: { [operation.document.type]: { schema: { type: 'string' } } },
      },
    }),
    responses,
  };
}

/** The whole document. Its server is `/`: the origin it was fetched from, whatever name the shop is reached by. */
export function openApiDocument() {
  const schemas = new SchemaSet();
  schemas.convert(errorShape, 'output');
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of operations)
    (paths[operation.path] ??= {})[operation.method] = describe(schemas, operation);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Toolhaus API',
      version: '1.0.0',
      description:
        'The shop’s REST contract. Money is in dollars; ids are `_id` strings. Errors are ' +
        '`{ "error": { "code", "message", "fields"? } }`: 401, then 403, then 400, then 404 and 409.',
    },
    servers: [{ url: '/' }],
    paths,
    components: { schemas: schemas.components, securitySchemes: SECURITY_SCHEMES },
  };
}

export type OpenApiDocument = ReturnType<typeof openApiDocument>;
