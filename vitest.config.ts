import path from 'node:path';
import { defineConfig, type Plugin } from 'vitest/config';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * Tells the tests which route each handler serves: a route module, as the tests load it, ends by naming its path
 * template and its methods to `globalThis.__apiRoute` (tests/openapi-answers.ts), so the request helper can hold each
 * answer to the OpenAPI document. Nothing of this reaches the app's build.
 */
const apiRouteNames: Plugin = {
  name: 'api-route-names',
  transform(code, id) {
    const match = /\/app(\/api\/.*)\/route\.ts$/.exec(id);
    if (!match) return;
    const template = match[1]!.replace(/\[(\.\.\.)?(\w+)\]/g, '{$1$2}');
    const handlers = METHODS.map(
      (method) => `${method}: typeof ${method} === 'undefined' ? undefined : ${method}`,
    );
    return {
      code: `${code}\n;globalThis.__apiRoute?.(${JSON.stringify(template)}, { ${handlers.join(', ')} });\n`,
      map: null,
    };
  },
};

const onPostgres = Boolean(process.env.DATABASE_URL);

export default defineConfig({
  plugins: [apiRouteNames],
  resolve: { alias: { '@': path.resolve(import.meta.dirname) } },
  test: {
    include: ['tests/**/*.test.ts'],
    environment: 'node',
    // next-auth imports 'next/server' without an extension, which only a bundler resolves.
    server: { deps: { inline: ['next-auth'] } },
    globalSetup: ['tests/global-setup.ts'],
    setupFiles: ['tests/setup.ts'],
    // One PostgreSQL database is shared by all files, so they take turns; PGlite gives each file its own copy.
    fileParallelism: !onPostgres,
    maxWorkers: onPostgres ? 1 : 2,
    testTimeout: 20_000,
    hookTimeout: 30_000,
    env: {
      AUTH_SECRET: 'test-secret-test-secret-test-secret-0123456789',
      NODE_ENV: 'test',
      PAYMENTS: 'test',
    },
  },
});
