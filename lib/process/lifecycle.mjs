// @ts-check
// The process's life, one object for the instance server (server/instance.mjs, server/drain.mjs) and the app
// (lib/startup.ts, /api/ready). It lives on globalThis because each side has its own copy of this module: Node
// loads it for the server, and Next bundles it into the app.

/**
 * @typedef {object} Lifecycle
 * @property {boolean} draining set on SIGTERM: /api/ready answers 503 and responses close their connections
 * @property {boolean} managed true when server/instance.mjs owns shutdown; else the app handles the signals itself
 *   (plain `next start`)
 * @property {(() => Promise<void>)[]} hooks work to finish before the process exits: release claimed rows, close the
 *   database
 */

const holder = /** @type {typeof globalThis & { __toolhausLifecycle?: Lifecycle }} */ (globalThis);

/** @returns {Lifecycle} */
export function lifecycle() {
  holder.__toolhausLifecycle ??= { draining: false, managed: false, hooks: [] };
  return holder.__toolhausLifecycle;
}

export const isDraining = () => lifecycle().draining;

/**
 * Runs at shutdown, after requests in flight finished; the last registered runs first (the database closes last).
 * @param {() => Promise<void>} hook
 */
export function onShutdown(hook) {
  lifecycle().hooks.unshift(hook);
}

/**
 * Runs the app's shutdown hooks in order; one failing does not stop the others.
 * @param {import('pino').Logger} log
 */
export async function runShutdownHooks(log) {
  for (const hook of lifecycle().hooks) {
    try {
      await hook();
    } catch (err) {
      log.error({ err }, 'shutdown step failed');
    }
  }
}
