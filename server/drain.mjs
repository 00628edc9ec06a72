// Graceful shutdown of one instance (docs/OPERATIONS.md, "Rolling deploys"). On SIGTERM:
//   1. not ready: /api/ready answers 503 and every response asks to close its connection, so the proxy stops
//      reusing kept-alive connections to this instance (notice period, SHUTDOWN_NOTICE_SECONDS);
//   2. the listener closes: new connections are refused, which nginx retries on another instance for any request;
//   3. requests in flight finish, within SHUTDOWN_TIMEOUT_SECONDS of the signal in all (10 s by default);
//   4. the app's shutdown hooks run (claimed outbox rows released, database closed) and the process exits.
import { lifecycle, runShutdownHooks } from '../lib/process/lifecycle.mjs';

const seconds = (name, fallback) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value >= 0 ? value : fallback;
};

export function drainOnSignals({ server, app, log }) {
  let started = false;
  async function shutdown(signal) {
    if (started) return;
    started = true;
    const began = Date.now();
    const notice = seconds('SHUTDOWN_NOTICE_SECONDS', 0) * 1000;
    const deadline = began + seconds('SHUTDOWN_TIMEOUT_SECONDS', 10) * 1000;
    lifecycle().draining = true;
    log.info({ signal, noticeMs: notice }, 'draining');
    await new Promise((resolve) => setTimeout(resolve, notice));

    const closed = new Promise((resolve) => server.close(resolve));
    server.closeIdleConnections();
    const forced = setTimeout(
      () => {
        log.warn('requests still in flight at the shutdown deadline: closing their connections');
        server.closeAllConnections();
      },
      Math.max(0, deadline - Date.now()),
    );
    await closed;
    clearTimeout(forced);
    await app.close().catch((err) => log.error({ err }, 'closing Next failed'));
    await runShutdownHooks(log);
    log.info({ durationMs: Date.now() - began }, 'stopped');
    process.exit(0);
  }
  for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => void shutdown(signal));
}
