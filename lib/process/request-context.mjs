// @ts-check
import { AsyncLocalStorage } from 'node:async_hooks';

// Each request of the instance server (server/instance.mjs) runs inside one store that the app writes to: the
// account that made the request ends up in its log line, and every line carries the request's id. On globalThis
// because the server and Next's bundles each load their own copy of this module.

/** @typedef {{ requestId: string; accountId?: string }} RequestStore */

const holder =
  /** @type {typeof globalThis & { __toolhausRequestContext?: AsyncLocalStorage<RequestStore> }} */ (
    globalThis
  );

export const requestContext = (holder.__toolhausRequestContext ??= new AsyncLocalStorage());

/** The id of the request being handled, if any. */
export const currentRequestId = () => requestContext.getStore()?.requestId;

/**
 * Names the signed-in account in this request's log line (a no-op outside the instance server).
 * @param {string} accountId
 */
export function noteAccount(accountId) {
  const store = requestContext.getStore();
  if (store) store.accountId = accountId;
}
