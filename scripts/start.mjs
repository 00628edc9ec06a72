// `npm start`: builds when there is no build or the sources changed since, then serves the shop.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const buildMarker = path.join(root, '.next', 'BUILD_ID');
// Everything `next build` reads from the project (node_modules changes with package-lock.json).
const sourceDirs = [
  'app',
  'components',
  'config',
  'lib',
  'public',
  'types',
  'proxy.ts',
  'instrumentation.ts',
  'next.config.ts',
  'postcss.config.mjs',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
];

function newestChange(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(full).reduce(
    (newest, name) => Math.max(newest, newestChange(path.join(entry, name))),
    stat.mtimeMs,
  );
}

const next = path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next');
const stale =
  !existsSync(buildMarker) ||
  sourceDirs.some((dir) => newestChange(dir) > statSync(buildMarker).mtimeMs);
if (stale) {
  console.log('Building the shop (first start or changed sources)…');
  const build = spawnSync(process.execPath, [next, 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const env = { ...process.env };
if (!env.STRIPE_SECRET_KEY && !env.PAYMENTS) {
  // Explicit opt-in the payment layer requires under NODE_ENV=production.
  env.PAYMENTS = 'test';
  console.log(
    'Payments: built-in test gateway (card 4242 4242 4242 4242 succeeds). Set STRIPE_SECRET_KEY for Stripe.',
  );
}
const port = (env.PORT ??= '3000');
console.log(`Toolhaus shop starting on http://localhost:${port}`);
// server/instance.mjs: Next's handler in a server that drains on SIGTERM, logs requests and serves /api/metrics.
const server = spawn(process.execPath, [path.join(root, 'server', 'instance.mjs')], {
  cwd: root,
  env,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
