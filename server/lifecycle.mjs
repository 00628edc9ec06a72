// The server side of lib/lifecycle.ts: the same object on globalThis, created here before Next loads the app.
export function lifecycle() {
  globalThis.__toolhausLifecycle ??= { draining: false, managed: false, hooks: [] };
  return globalThis.__toolhausLifecycle;
}

/** Runs the app's shutdown hooks in order; one failing does not stop the others. */
export async function runShutdownHooks(log) {
  for (const hook of lifecycle().hooks) {
    try {
      await hook();
    } catch (err) {
      log.error({ err }, 'shutdown step failed');
    }
  }
}
