// One shop instance (docs/ARCHITECTURE.md, Production topology): Next's request handler inside our own HTTP server, so
// that the process drains on SIGTERM (server/drain.mjs), logs every request as one JSON line, counts it for
// /api/metrics and carries the request id nginx gave it. `npm start` and `npm run cluster` run this; a bare `next
// start` still serves the shop.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { drainOnSignals } from './drain.mjs';
import { answerDirectly } from './direct-read.mjs';
import {
  answerEarly,
  flushEarlyAnswerLog,
  logEarlyAnswer,
  nextIsAnswering,
} from './early-answer.mjs';
import { believeOnlyTrustedForwarding } from './forwarded-headers.mjs';
import { directReadFor } from '../lib/process/direct-reads.mjs';
import { earlyAnswererFor } from '../lib/process/early-answers.mjs';
import { lifecycle, onShutdown } from '../lib/process/lifecycle.mjs';
import { log } from '../lib/process/log.mjs';
import { observeRequest, serveMetrics } from './metrics.mjs';
import { requestContext } from '../lib/process/request-context.mjs';
import { routeLabel } from './route-label.mjs';

// Before Next and React load: they pick their production builds from it.
process.env.NODE_ENV = 'production';
const { default: next } = await import('next');

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.PORT ?? 3000);
// The app's startup leaves the signals to drainOnSignals.
lifecycle().managed = true;
process.env.NEXT_MANUAL_SIG_HANDLE = 'true';

const app = next({ dev: false, dir: root, port, hostname: 'localhost' });
const handle = app.getRequestHandler();
await app.prepare();
// In production Next prepares its server, and so runs instrumentation.ts (migrations, the embedded database's demo
// catalogue and admin), at the first request, which then waits seconds on a new database. Prepared here instead, before
// the port opens: no visitor waits on it, and "listening" means ready.
await (await app.server.getServer()).prepare();

const REQUEST_ID = /^[\w.:-]{1,128}$/;

const server = http.createServer((req, res) => {
  const started = process.hrtime.bigint();
  const given = req.headers['x-request-id'];
  const requestId = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
  res.setHeader('X-Request-Id', requestId);
  if (lifecycle().draining) res.setHeader('Connection', 'close');
  const store = { requestId };
  const pathname = (req.url ?? '/').split('?')[0] ?? '/';

  res.once('finish', () => {
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const route = routeLabel(pathname);
    observeRequest(req.method, route, res.statusCode, seconds);
    if (answeredEarly) {
      logEarlyAnswer(route, res.statusCode);
      return;
    }
    // The path's query is never logged: it may carry a token or, from a form sent before scripts, a password.
    log.info(
      {
        requestId,
        method: req.method,
        route,
        status: res.statusCode,
        durationMs: Math.round(seconds * 1e4) / 10,
        ...(store.accountId ? { accountId: store.accountId } : {}),
      },
      'request',
    );
  });

  const toNext = () => {
    nextIsAnswering(res);
    void handle(req, res);
  };
  let answeredEarly = false;
  requestContext.run(store, () => {
    if (pathname === '/api/metrics' && req.method === 'GET') {
      void serveMetrics(req, res);
      return;
    }
    believeOnlyTrustedForwarding(req);
    const direct = directReadFor(req.method, pathname);
    if (direct) {
      nextIsAnswering(res);
      void answerDirectly(req, res, direct);
      return;
    }
    const answerer = earlyAnswererFor(req.method, pathname);
    if (!answerer) {
      toNext();
      return;
    }
    void answerEarly(req, res, answerer).then((answered) => {
      answeredEarly = answered;
      if (!answered) toNext();
    });
  });
});
// Longer than any proxy's idle upstream keep-alive (deploy/nginx.conf: 2 s): the proxy, never this server,
// closes an idle connection, so no request is sent on a connection this server is closing.
server.keepAliveTimeout = 10_000;
server.headersTimeout = 15_000;
drainOnSignals({ server, app, log });
onShutdown(async () => flushEarlyAnswerLog());
server.listen(port, () => log.info({ port }, 'listening'));
