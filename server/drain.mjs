// Graceful shutdown of one instance (docs/OPERATIONS.md, "Rolling deploys"). On SIGTERM:
//   1. not ready: /api/ready answers 503 and every response asks to close its connection, so the proxy stops
//      reusing kept-alive connections to this instance (notice period, SHUTDOWN_NOTICE_SECONDS);
//   2. the connections that reached the server before now are taken in from the listen backlog, then the listener
//      closes: new connections are refused, which nginx retries on another instance for any request;
//   3. every connection with a request in progress, or whose request has not been read yet, gets its answer; a
//      connection with nothing under way closes (one that never sent a byte gets a short grace first), all within
//      SHUTDOWN_TIMEOUT_SECONDS of the signal (10 s by default);
//   4. the app's shutdown hooks run (claimed outbox rows released, database closed) and the process exits.
import net from 'node:net';
import { lifecycle, runShutdownHooks } from '../lib/process/lifecycle.mjs';

const seconds = (name, fallback) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value >= 0 ? value : fallback;
};

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** Resolves after the event loop has polled for I/O once more: what the kernel holds for us has been read. */
const afterPoll = () => new Promise((resolve) => setTimeout(() => setImmediate(resolve), 0));

/** How long a connection that has not sent a byte yet is waited for once the listener is closed. */
const FIRST_BYTES_GRACE_MS = 1000;

/**
 * Follows every connection: requests in progress, and the bytes read when it last fell idle. A connection is idle
 * when no request is in progress and nothing arrived since, so a request whose first bytes are read but whose
 * headers are not complete yet is never cut (Node's closeIdleConnections() would cut it, and every connection
 * accepted but not read yet).
 */
function trackConnections(server) {
  const open = new Map();
  let accepted = 0;
  server.on('connection', (socket) => {
    accepted += 1;
    open.set(socket, { active: 0, served: false, readWhenIdle: 0, responses: new Set() });
    socket.once('close', () => open.delete(socket));
  });
  server.on('request', (req, res) => {
    const state = open.get(req.socket);
    if (!state) return;
    state.active += 1;
    state.served = true;
    state.responses.add(res);
    res.once('close', () => {
      state.active -= 1;
      state.responses.delete(res);
      state.readWhenIdle = req.socket.bytesRead;
      if (lifecycle().draining) void afterPoll().then(() => closeIfIdle(req.socket, false));
    });
  });

  function closeIfIdle(socket, evenUnused) {
    const state = open.get(socket);
    if (!state || state.active > 0 || socket.bytesRead !== state.readWhenIdle) return;
    if (state.served || evenUnused) socket.destroy();
  }

  return {
    accepted: () => accepted,
    /** Answers still to be written end their connection; connections with nothing under way close. */
    wind(evenUnused) {
      for (const [socket, state] of open) {
        for (const res of state.responses)
          if (!res.headersSent) res.setHeader('Connection', 'close');
        closeIfIdle(socket, evenUnused);
      }
    },
  };
}

export function drainOnSignals({ server, app, log }) {
  const connections = trackConnections(server);
  let started = false;
  async function shutdown(signal) {
    if (started) return;
    started = true;
    const began = Date.now();
    const notice = seconds('SHUTDOWN_NOTICE_SECONDS', 0) * 1000;
    const deadline = began + seconds('SHUTDOWN_TIMEOUT_SECONDS', 10) * 1000;
    lifecycle().draining = true;
    log.info({ signal, noticeMs: notice }, 'draining');
    await sleep(notice);

    // Connections the kernel completed before now wait in the listen backlog, and closing the listener would reset
    // them. The event loop takes in one per turn (libuv): turn until a turn takes in none.
    for (let seen = -1; seen !== connections.accepted() && Date.now() < deadline;) {
      seen = connections.accepted();
      await afterPoll();
    }
    // net's close, not http's: http's would also end every accepted connection whose request is not read yet.
    const closed = new Promise((resolve) => net.Server.prototype.close.call(server, resolve));
    const forced = setTimeout(
      () => {
        log.warn('requests still in flight at the shutdown deadline: closing their connections');
        server.closeAllConnections();
      },
      Math.max(0, deadline - Date.now()),
    );
    await afterPoll();
    connections.wind(false);
    const unused = setTimeout(
      () => void afterPoll().then(() => connections.wind(true)),
      FIRST_BYTES_GRACE_MS,
    );
    await closed;
    clearTimeout(forced);
    clearTimeout(unused);
    await app.close().catch((err) => log.error({ err }, 'closing Next failed'));
    await runShutdownHooks(log);
    log.info({ durationMs: Date.now() - began }, 'stopped');
    process.exit(0);
  }
  for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => void shutdown(signal));
}
