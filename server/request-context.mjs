import { AsyncLocalStorage } from 'node:async_hooks';

// Each request runs inside a store the app can write to (lib/observability/request-context.ts): the account that
// made the request ends up in its log line. On globalThis: the app's bundles reach it without importing this file.
globalThis.__toolhausRequestContext ??= new AsyncLocalStorage();
export const requestContext = globalThis.__toolhausRequestContext;
