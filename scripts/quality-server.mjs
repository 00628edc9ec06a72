// The quality suite's own server when run on its own (e2e/quality/quality.config.ts): the same set-up as
// scripts/e2e-server.mjs (fresh embedded database, test payments, a local OpenID Connect provider for "Google",
// the same AUTH_SECRET), but on its own port, data directory and build, so it can run beside the e2e server.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { OAuth2Server } from 'oauth2-mock-server';

const root = path.resolve(import.meta.dirname, '..');
const port = process.env.QUALITY_PORT ?? '3400';
const oidcPort = Number(process.env.QUALITY_OIDC_PORT ?? 4012);
const dataDir = path.resolve(root, process.env.QUALITY_DATA_DIR ?? '.data-quality');

// Every run starts from the seeded catalogue only.
rmSync(dataDir, { recursive: true, force: true });

const oidc = new OAuth2Server();
await oidc.issuer.keys.generate('RS256');
oidc.service.on('beforeTokenSigning', (token) => {
  token.payload.email = 'google.user@example.com';
  token.payload.email_verified = true;
  token.payload.name = 'Google User';
  token.payload.picture = '';
});
await oidc.start(oidcPort, '127.0.0.1');
oidc.issuer.url = `http://127.0.0.1:${oidcPort}`;

const env = { ...process.env };
delete env.DATABASE_URL;
delete env.STRIPE_SECRET_KEY;
delete env.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY;
Object.assign(env, {
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  // The same secret as the e2e server: the forged-token tests sign an "expired but otherwise valid" token with it.
  AUTH_SECRET: 'e2e-only-secret-0123456789-abcdefghijklmnopqrstuvwxyz',
  AUTH_URL: `http://localhost:${port}`,
  PAYMENTS: 'test',
  NEXT_MANUAL_SIG_HANDLE: 'true',
  AUTH_GOOGLE_ID: 'e2e-client',
  AUTH_GOOGLE_SECRET: 'e2e-secret',
  AUTH_GOOGLE_ISSUER: `http://127.0.0.1:${oidcPort}`,
  NEXT_DIST_DIR: process.env.NEXT_DIST_DIR ?? '.next-quality',
});
console.log(`quality: next start on port ${port}, build ${env.NEXT_DIST_DIR}, data ${dataDir}`);

const next = path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next');
const server = spawn(process.execPath, [next, 'start', '-p', port], {
  cwd: root,
  env,
  stdio: 'inherit',
});

let stopping = false;
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  if (server.exitCode === null) server.kill(signal);
  await oidc.stop().catch(() => {});
}

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void stop(signal));
server.on('exit', async (code, signal) => {
  await stop('SIGTERM');
  process.exit(code ?? (signal ? 1 : 0));
});
