// `npm start`: builds when there is no build or the sources changed since, then serves the shop.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildIfStale, projectRoot } from './lib/build.mjs';

buildIfStale({ typeCheck: false });

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
const server = spawn(process.execPath, [path.join(projectRoot, 'server', 'instance.mjs')], {
  cwd: projectRoot,
  env,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
