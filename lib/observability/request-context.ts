import type { AsyncLocalStorage } from 'node:async_hooks';

interface RequestStore {
  requestId: string;
  accountId?: string;
}

const holder = globalThis as typeof globalThis & {
  __toolhausRequestContext?: AsyncLocalStorage<RequestStore>;
};

/** Names the signed-in account in this request's log line (set up by server/instance.mjs; a no-op without it). */
export function noteAccount(accountId: string): void {
  const store = holder.__toolhausRequestContext?.getStore();
  if (store) store.accountId = accountId;
}
