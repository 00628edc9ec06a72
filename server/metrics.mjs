// @ts-check
// Prometheus metrics of this instance (prom-client's default registry, shared with the app's own counters in
// lib/observability/metrics.ts: both load the same prom-client from node_modules).
import { timingSafeEqual } from 'node:crypto';
import { collectDefaultMetrics, Counter, Histogram, register } from 'prom-client';

collectDefaultMetrics({ prefix: 'toolhaus_process_' });

const requests = new Counter({
  name: 'toolhaus_http_requests_total',
  help: 'HTTP requests answered, by method, route and status',
  labelNames: ['method', 'route', 'status'],
});

const duration = new Histogram({
  name: 'toolhaus_http_request_duration_seconds',
  help: 'Time from the request to the end of the response, by method, route and status class',
  labelNames: ['method', 'route', 'status'],
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
});

/**
 * @param {string | undefined} method
 * @param {string} route
 * @param {number} status
 * @param {number} seconds
 */
export function observeRequest(method, route, status, seconds) {
  requests.inc({ method, route, status });
  duration.observe({ method, route, status: `${String(status)[0]}xx` }, seconds);
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * @param {string} given
 * @param {string} expected
 */
function tokenMatches(given, expected) {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Metrics are for the operator: a direct connection from this machine (no proxy in between: a proxy's request
 * carries X-Forwarded-For), or anyone presenting METRICS_TOKEN as a bearer token.
 */
/**
 * @param {import('node:http').IncomingMessage} req
 * @returns {boolean}
 */
export function mayReadMetrics(req) {
  const token = process.env.METRICS_TOKEN;
  const bearer = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
  if (token && bearer && tokenMatches(bearer, token)) return true;
  const proxied = Boolean(req.headers['x-forwarded-for'] || req.headers.forwarded);
  return !proxied && LOOPBACK.has(req.socket.remoteAddress ?? '');
}

/**
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 */
export async function serveMetrics(req, res) {
  if (!mayReadMetrics(req)) {
    res.writeHead(403, { 'Content-Type': 'application/json' });
    res.end(
      JSON.stringify({ error: { code: 'forbidden', message: 'Metrics are for the operator' } }),
    );
    return;
  }
  const body = await register.metrics();
  res.writeHead(200, { 'Content-Type': register.contentType, 'Cache-Control': 'no-store' });
  res.end(body);
}
