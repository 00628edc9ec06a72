// The flood of bench/flood.mjs, in a worker thread of its own: 200 requests in flight keep an event loop busy, and
// the catalogue searches measured beside them must not wait in the load generator's own queue.
import { parentPort, workerData } from 'node:worker_threads';
import { cookieJar } from '../../scripts/lib/auth-http.mjs';

// kind 'health': the same number of GET /api/health, the trivial request a refused sign-in is measured against.
const { base, attempts, concurrency, email, kind = 'sign-in' } = workerData;

const health = () =>
  fetch(`${base}/api/health`, { signal: AbortSignal.timeout(60_000) }).catch((error) => ({
    status: error.name === 'TimeoutError' ? 'timeout' : 'error',
    headers: new Headers(),
  }));

const jar = cookieJar();
const csrf = await fetch(`${base}/api/auth/csrf`);
jar.take(csrf);
const { csrfToken } = await csrf.json();
const times = [];
const outcomes = {};
let next = 0;
const started = performance.now();
const worker = async () => {
  while (next < attempts) {
    const i = next++;
    const begun = performance.now();
    const response =
      kind === 'health'
        ? await health()
        : await fetch(`${base}/api/auth/callback/credentials`, {
            method: 'POST',
            redirect: 'manual',
            headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: jar.header() },
            body: new URLSearchParams({
              csrfToken,
              email,
              password: `wrong-${i}`,
              callbackUrl: `${base}/`,
            }),
            signal: AbortSignal.timeout(60_000),
          }).catch((error) => ({
            status: error.name === 'TimeoutError' ? 'timeout' : 'error',
            headers: new Headers(),
          }));
    // A body cut off under overload counts as answered; its status is what the outcome records.
    if (response.arrayBuffer) await response.arrayBuffer().catch(() => undefined);
    times.push(performance.now() - begun);
    // Auth.js's redirect names the refusal: `code` for ours (locked, credentials), else `error` (Configuration
    // when the sign-in failed on the server, e.g. a database timeout).
    const query = new URL(response.headers.get('location') ?? '/', base).searchParams;
    const reason = query.get('code') ?? query.get('error');
    const outcome = `${response.status}${reason ? ` ${reason}` : ''}`;
    outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
  }
};
await Promise.all(Array.from({ length: concurrency }, worker));
parentPort.postMessage({ seconds: (performance.now() - started) / 1000, times, outcomes });
