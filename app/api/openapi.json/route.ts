import { otherMethods, route } from '@/lib/http';
import { openApiDocument } from '@/lib/openapi/document';

/** The OpenAPI 3.1 description of /api: public, it describes the contract and nobody's data. Built once. */
let document: ReturnType<typeof openApiDocument> | undefined;

export const GET = route(async () =>
  Response.json((document ??= openApiDocument()), {
    headers: { 'Cache-Control': 'public, max-age=300' },
  }),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
