// Checkout under load, run by bench/run.mjs in a child process pinned to the load generator's core.
// argv[2]: JSON { shop, tokens, lines, connections, duration, warmup } -> stdout: JSON summary (load.mjs's shape).
//
// A checkout empties the cart it places, so each connection is a buyer of its own (one bearer token each) that
// fills its cart with `lines` in one quick-order call, then checks it out, again and again. Only the checkouts are
// timed: the cart fill is the set-up of the next one.
import { latencyOf } from './latency.mjs';

const spec = JSON.parse(process.argv[2] ?? '{}');
const CHECKOUT = JSON.stringify({ address: '1 Benchmark Road, Springfield', phone: '+1 555 0100' });
const FILL = JSON.stringify({ lines: spec.lines });

async function post(path, token, body) {
  const response = await fetch(`${spec.shop}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body,
  });
  await response.arrayBuffer();
  return response.status;
}

/** One buyer's loop until `until`; answers the checkouts' times and statuses when `record`. */
async function buyer(token, until, record) {
  const times = [];
  const statuses = {};
  while (performance.now() < until) {
    const filled = await post('/api/cart/lines', token, FILL);
    if (filled !== 200) throw new Error(`POST /api/cart/lines: HTTP ${filled}`);
    const started = performance.now();
    const status = await post('/api/checkout', token, CHECKOUT);
    if (!record) continue;
    times.push(performance.now() - started);
    statuses[status] = (statuses[status] ?? 0) + 1;
  }
  return { times, statuses };
}

const run = (seconds, record) => {
  const until = performance.now() + seconds * 1000;
  return Promise.all(
    spec.tokens.slice(0, spec.connections).map((token) => buyer(token, until, record)),
  );
};

if (spec.warmup > 0) await run(spec.warmup, false);
const started = performance.now();
const buyers = await run(spec.duration, true);
const durationSeconds = (performance.now() - started) / 1000;
const times = buyers.flatMap((b) => b.times).sort((a, b) => a - b);
const statusCounts = {};
for (const b of buyers) {
  for (const [status, count] of Object.entries(b.statuses)) {
    statusCounts[status] = (statusCounts[status] ?? 0) + count;
  }
}
const status2xx = Object.entries(statusCounts)
  .filter(([status]) => status.startsWith('2'))
  .reduce((sum, [, count]) => sum + count, 0);
process.stdout.write(
  JSON.stringify({
    requestsPerSecond: times.length / durationSeconds,
    totalRequests: times.length,
    durationSeconds,
    latencyMs: latencyOf(times),
    responses: times.length,
    status2xx,
    non2xx: times.length - status2xx,
    errors: 0,
    timeouts: 0,
    statusCounts,
    throughputBytesPerSecond: null,
  }),
);
