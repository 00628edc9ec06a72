/**
 * The process's life, shared by the app and the instance server (server/instance.mjs) through one object on
 * globalThis: the server loads Next, and Next's bundles load this file, each as its own module.
 */
interface Lifecycle {
  /** set on SIGTERM: /api/ready answers 503 and responses close their connections */
  draining: boolean;
  /** true when server/instance.mjs owns shutdown; else the app handles the signals itself (plain `next start`) */
  managed: boolean;
  /** work to finish before the process exits: release claimed rows, close the database */
  hooks: (() => Promise<void>)[];
}

const holder = globalThis as typeof globalThis & { __toolhausLifecycle?: Lifecycle };

export function lifecycle(): Lifecycle {
  holder.__toolhausLifecycle ??= { draining: false, managed: false, hooks: [] };
  return holder.__toolhausLifecycle;
}

export const isDraining = () => lifecycle().draining;

/** Runs at shutdown, after requests in flight finished; the last registered runs first (the database closes last). */
export function onShutdown(hook: () => Promise<void>): void {
  lifecycle().hooks.unshift(hook);
}
