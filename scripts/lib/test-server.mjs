// The server Playwright tests run against: a fresh embedded database, test payments, a local OpenID Connect
// provider standing in for Google, and `next start` on a production build, all torn down together.
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { OAuth2Server } from 'oauth2-mock-server';
import { startGitHubStandIn } from './github-stand-in.mjs';
import { spawnNextStart } from './next-server.mjs';
import { startTestSmtp } from './test-smtp.mjs';

const root = path.resolve(import.meta.dirname, '..', '..');

/** The AUTH_SECRET of every test server: the forged-token tests sign an "expired but otherwise valid" token. */
const AUTH_SECRET = 'e2e-only-secret-0123456789-abcdefghijklmnopqrstuvwxyz';

async function startIdentityProvider(port) {
  const oidc = new OAuth2Server();
  await oidc.issuer.keys.generate('RS256');
  // The same identity for every "Google" sign-in; the mock provider signs it into the id_token.
  oidc.service.on('beforeTokenSigning', (token) => {
    token.payload.email = 'google.user@example.com';
    token.payload.email_verified = true;
    token.payload.name = 'Google User';
    token.payload.picture = '';
  });
  await oidc.start(port, '127.0.0.1');
  // The mock names itself http://localhost:…; pin the address it listens on, which the app's issuer setting uses
  // (Auth.js checks that the discovered issuer matches it, and localhost may resolve to ::1 first).
  oidc.issuer.url = `http://127.0.0.1:${port}`;
  return oidc;
}

/** Where the test SMTP server writes what it received, one JSON line per message (read by e2e/mail.ts). */
export const inboxFileOf = (dataDir) => path.join(dataDir, 'smtp-inbox.jsonl');

/** Runs until the server exits or the process is told to stop. */
export async function runTestServer({ label, port, oidcPort, dataDir, distDir }) {
  // Every run starts from the seeded catalogue only: no users, orders or reviews left by an earlier run.
  rmSync(dataDir, { recursive: true, force: true });
  const oidc = await startIdentityProvider(oidcPort);
  mkdirSync(dataDir, { recursive: true });
  const smtp = await startTestSmtp(inboxFileOf(dataDir));
  // GitHub's endpoints on a free local port (AUTH_GITHUB_URL): the GitHub sign-in journey never reaches github.com.
  const github = await startGitHubStandIn();

  const env = { ...process.env };
  // Tests always run on the embedded PGlite default and the test gateway, never on a developer's services.
  delete env.DATABASE_URL;
  delete env.STRIPE_SECRET_KEY;
  delete env.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY;
  Object.assign(env, {
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    AUTH_SECRET,
    AUTH_URL: `http://localhost:${port}`,
    PAYMENTS: 'test',
    NEXT_MANUAL_SIG_HANDLE: 'true',
    AUTH_GOOGLE_ID: 'e2e-client',
    AUTH_GOOGLE_SECRET: 'e2e-secret',
    AUTH_GOOGLE_ISSUER: oidc.issuer.url,
    AUTH_GITHUB_ID: 'e2e-github-client',
    AUTH_GITHUB_SECRET: 'e2e-github-secret',
    AUTH_GITHUB_URL: github.url,
    NEXT_DIST_DIR: distDir,
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    MAIL_FROM: 'Toolhaus <shop@toolhaus.test>',
  });
  console.log(`${label}: next start on port ${port}, build ${distDir}, data ${dataDir}`);

  const server = spawnNextStart({ port, env, stdio: 'inherit' });

  let stopping = false;
  async function stop(signal) {
    if (stopping) return;
    stopping = true;
    if (server.exitCode === null) server.kill(signal);
    await oidc.stop().catch(() => {});
    await smtp.stop().catch(() => {});
    await github.stop().catch(() => {});
  }
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void stop(signal));
  server.on('exit', async (code, signal) => {
    await stop('SIGTERM');
    process.exit(code ?? (signal ? 1 : 0));
  });
}

export const projectRoot = root;
