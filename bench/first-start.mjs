// `node bench/first-start.mjs <clone> [port] [label]`: the time from `npm start` in a fresh clone (npm install done,
// no .next, no .data) to the first 200 of `/`. Prints one JSON line; the clone's output, each line stamped
// with the seconds since the start, goes to bench/out/first-start-<label>.log. Compare a before and an after in one
// session: the machine's load moves the compile time by minutes.
import { spawn } from 'node:child_process';
import { appendFileSync, mkdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const [clone, port = '3000', label = 'run'] = process.argv.slice(2);
if (!clone) throw new Error('usage: node bench/first-start.mjs <clone> [port] [label]');
const outDir = path.join(import.meta.dirname, 'out');
mkdirSync(outDir, { recursive: true });
const logFile = path.join(outDir, `first-start-${label}.log`);
rmSync(logFile, { force: true });

const started = performance.now();
const seconds = () => Number(((performance.now() - started) / 1000).toFixed(1));
const child = spawn('npm', ['start'], {
  cwd: path.resolve(clone),
  env: { ...process.env, PORT: port, NEXT_TELEMETRY_DISABLED: '1' },
  detached: true,
  stdio: ['ignore', 'pipe', 'pipe'],
});
for (const stream of [child.stdout, child.stderr]) {
  stream.on('data', (chunk) => {
    for (const line of String(chunk).split('\n'))
      if (line.trim()) appendFileSync(logFile, `${seconds()} ${line}\n`);
  });
}

for (;;) {
  const status = await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(300_000) })
    .then(async (response) => (await response.arrayBuffer(), response.status))
    .catch(() => 0);
  if (status === 200) break;
  await new Promise((resolve) => setTimeout(resolve, 200));
}
const firstOkSeconds = seconds();
console.log(JSON.stringify({ label, firstOkSeconds, loadAverage: os.loadavg()[0] }));
process.kill(-child.pid, 'SIGTERM');
