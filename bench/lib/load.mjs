// One load test, run by bench/run.mjs in a child process pinned to the load generator's core.
// argv[2]: JSON { url, method?, headers?, body?, connections, duration, warmup } -> stdout: JSON summary.
import autocannon from 'autocannon';
import { latencyOf } from './latency.mjs';

const spec = JSON.parse(process.argv[2] ?? '{}');

const request = {
  url: spec.url,
  method: spec.method ?? 'GET',
  headers: spec.headers ?? {},
  body: spec.body,
  connections: spec.connections,
  // Generous: a slow target should show up as high latency, not as timeouts hiding its requests.
  timeout: 30,
};

if (spec.warmup > 0) await autocannon({ ...request, duration: spec.warmup });

// autocannon's own histogram has no p95: keep every response time (all statuses) and sort once.
const times = [];
const instance = autocannon({ ...request, duration: spec.duration });
instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
const result = await instance;
times.sort((a, b) => a - b);

const statusCounts = Object.fromEntries(
  Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, count]),
);
process.stdout.write(
  JSON.stringify({
    requestsPerSecond: result.requests.average,
    totalRequests: result.requests.total,
    durationSeconds: result.duration,
    latencyMs: latencyOf(times),
    responses: times.length,
    status2xx: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCounts,
    throughputBytesPerSecond: result.throughput.average,
  }),
);
