import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import * as openApiRoute from '@/app/api/openapi.json/route';
import { openApiDocument } from '@/lib/openapi/document';
import { UNDOCUMENTED_ROUTES } from '@/lib/openapi/paths';
import { call } from './helpers';

const APP = path.resolve('app');
/** The calls of other systems: the REST API and punch-out's endpoints. */
const ROOTS = ['api', 'punchout'].map((root) => path.join(APP, root));

/**
 * Every route file under app/api and app/punchout as `{ path, methods }`: methods are the handlers it serves (not
 * otherMethods' 405s).
 */
function routeFiles(dirs = ROOTS): Array<{ path: string; methods: string[] }> {
  return dirs.flatMap((dir) => routesIn(dir));
}

function routesIn(dir: string): Array<{ path: string; methods: string[] }> {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routesIn(full);
    if (entry.name !== 'route.ts') return [];
    const source = readFileSync(full, 'utf8');
    const methods = [
      ...source.matchAll(/export (?:const|async function|function) (GET|POST|PUT|PATCH|DELETE)\b/g),
    ].map(([, method]) => method!.toLowerCase());
    const template = `/${path.relative(APP, dir)}`
      .replace(/\\/g, '/')
      .replace(/\/$/, '')
      .replace(/\[(\.\.\.)?(\w+)\]/g, '{$1$2}');
    return [{ path: template, methods }];
  });
}

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document (swagger-parser), served to anyone', async () => {
    const { status, body } = await call<ReturnType<typeof openApiDocument>>(openApiRoute.GET);
    expect(status).toBe(200);
    expect(body.openapi).toBe('3.1.0');
    await expect(SwaggerParser.validate(structuredClone(body) as never)).resolves.toBeTruthy();
    expect(Object.keys(body.components.securitySchemes)).toEqual(['session', 'bearer']);
  });

  it('describes every method of every route file under app/api and app/punchout', () => {
    const paths = openApiDocument().paths as Record<string, Record<string, unknown>>;
    const missing = routeFiles()
      .filter((route) => !UNDOCUMENTED_ROUTES.includes(route.path))
      .flatMap((route) =>
        route.methods
          .filter((method) => !paths[route.path]?.[method])
          .map((method) => `${method} ${route.path}`),
      );
    expect(missing).toEqual([]);
  });

  it('documents no route that does not exist', () => {
    const files = new Map(routeFiles().map((route) => [route.path, route.methods]));
    const paths = openApiDocument().paths as Record<string, Record<string, unknown>>;
    const extra = Object.entries(paths).flatMap(([template, methods]) =>
      Object.keys(methods)
        .filter((method) => !files.get(template)?.includes(method))
        .map((m) => `${m} ${template}`),
    );
    expect(extra).toEqual([]);
  });

  it('holds the answers tests receive to the document: a drifted answer fails the test that receives it', async () => {
    const drifted = async () => Response.json({ _id: 'x', price: '12.50' });
    globalThis.__apiRoute!('/api/tools/{id}', { GET: drifted });
    await expect(call(drifted, { params: { id: 'x' } })).rejects.toThrow(
      /Answer off the OpenAPI document: GET \/api\/tools\/\{id\} → 200/,
    );
    const badError = async () => Response.json({ message: 'no' }, { status: 404 });
    globalThis.__apiRoute!('/api/tools/{id}', { GET: badError });
    await expect(call(badError)).rejects.toThrow(/→ 404/);
  });
});
