// What only a deployment shows: settings given when a server starts (not when it was built), a session ended on one
// instance and refused on another, and the memory a flood of oversized bodies costs a running server.
//
// The spec starts its own two `next start` instances on free ports, over one fresh database on the PostgreSQL at
// INSTANCES_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/postgres, which `.ci/run` provides), serving
// the build in NEXT_DIST_DIR or `.next`. Instance A is told AUTH_URL=https://… at start, instance B a Stripe
// publishable key: neither was known to `next build`.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import sharp from 'sharp';
import { signIn } from '../../scripts/lib/auth-http.mjs';
import { startNext, type NextServer } from '../support/shop-process';

const adminUrl =
  process.env.INSTANCES_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const database = `toolhaus_instances_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${database}` }).toString();
const MiB = 1024 * 1024;

type Instance = NextServer;

let a: Instance;
let b: Instance;

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The instances share one database and secret; neither inherits a DATA_DIR, Stripe key or AUTH_URL it is not given. */
const startInstance = (env: Record<string, string>) =>
  startNext({
    DATABASE_URL: databaseUrl,
    DATA_DIR: undefined,
    AUTH_URL: undefined,
    NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY: undefined,
    AUTH_SECRET: 'instances-only-secret-0123456789-abcdefghijklmnop',
    ...env,
  });

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  await withAdmin((client) => client.query(`CREATE DATABASE ${database}`));
  [a, b] = await Promise.all([
    startInstance({ AUTH_URL: 'https://shop.example.test' }),
    startInstance({ NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY: 'pk_test_given_at_start' }),
  ]);
});

test.afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
});

test('security settings given at start, not at build, reach every response', async () => {
  for (const path of ['/', '/login', '/api/tools', '/api/no-such-call']) {
    const secure = await fetch(`${a.base}${path}`);
    expect(secure.headers.get('strict-transport-security'), path).toMatch(/max-age=\d{8}/);
    expect(secure.headers.get('content-security-policy'), path).not.toMatch(/stripe/);
    const plain = await fetch(`${b.base}${path}`);
    expect(plain.headers.get('strict-transport-security'), path).toBeNull();
    expect(plain.headers.get('content-security-policy'), path).toContain('https://js.stripe.com');
  }
  const cookies = (await fetch(`${a.base}/api/auth/csrf`)).headers.getSetCookie();
  expect(cookies.length).toBeGreaterThan(0);
  for (const cookie of cookies) {
    expect(cookie).toMatch(/^__(Host|Secure)-/);
    expect(cookie).toMatch(/;\s*Secure/i);
  }
});

test('a session cookie and token copied before sign-out stop working at once on both instances', async () => {
  const email = `instances-${randomBytes(4).toString('hex')}@example.com`;
  const password = 'instances-password';
  const created = await fetch(`${a.base}/api/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Instance Tester', email, password }),
  });
  expect(created.status).toBe(201);
  const jar = await signIn(a.base, { email, password });
  const tokenAnswer = await fetch(`${a.base}/api/user/${encodeURIComponent(email)}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', cookie: jar.header() },
    body: '{}',
  });
  const { token } = (await tokenAnswer.json()) as { token: string };
  const copiedCookie = jar.header();
  const profile = (base: string, headers: Record<string, string>) =>
    fetch(`${base}/api/user/${encodeURIComponent(email)}`, { headers }).then((r) => r.status);

  for (const base of [a.base, b.base]) {
    expect(await profile(base, { cookie: copiedCookie })).toBe(200);
    expect(await profile(base, { authorization: `Bearer ${token}` })).toBe(200);
  }

  const csrf = await fetch(`${a.base}/api/auth/csrf`, { headers: { cookie: jar.header() } });
  jar.take(csrf);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const signOut = await fetch(`${a.base}/api/auth/signout`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: jar.header() },
    body: new URLSearchParams({ csrfToken, callbackUrl: '/' }),
    redirect: 'manual',
  });
  expect(signOut.status).toBe(302);

  for (const base of [a.base, b.base]) {
    expect(await profile(base, { cookie: copiedCookie })).toBe(401);
    expect(await profile(base, { authorization: `Bearer ${token}` })).toBe(401);
  }
  // Pages see the copied cookie as signed out too (Auth.js's own session read).
  const session = await fetch(`${a.base}/api/auth/session`, { headers: { cookie: copiedCookie } });
  expect(await session.json()).toBeNull();
});

test('a photo uploaded on one instance is served by the other, for a year', async () => {
  const email = `photo-${randomBytes(4).toString('hex')}@example.com`;
  const password = 'instances-password';
  await fetch(`${a.base}/api/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Photo Tester', email, password }),
  });
  const jar = await signIn(a.base, { email, password });
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#446688' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.set('file', new File([new Uint8Array(png)], 'review.png', { type: 'image/png' }));
  const uploaded = await fetch(`${a.base}/api/uploads`, {
    method: 'POST',
    headers: { cookie: jar.header() },
    body: form,
  });
  expect(uploaded.status).toBe(201);
  const { url } = (await uploaded.json()) as { url: string };
  const served = await fetch(`${b.base}${url}`);
  expect(served.status).toBe(200);
  expect(served.headers.get('content-type')).toBe('image/webp');
  expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
});

/** Resident memory of a server process, from /proc. */
const rss = (instance: Instance) =>
  Number(
    /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${instance.process.pid}/status`, 'utf8'))?.[1],
  ) * 1024;

/** A body of `total` bytes streamed without a Content-Length (chunked), the way a client that lies would. */
function chunkedBody(total: number): ReadableStream<Uint8Array> {
  const chunk = new Uint8Array(MiB).fill(0x61);
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent === 0) controller.enqueue(new TextEncoder().encode('{"name":"'));
      if (sent >= total) return controller.close();
      sent += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
}

/** How many accounts the shared database holds. */
async function countUsers(): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
  await client.end();
  return rows[0]!.n;
}

test('oversized bodies are refused with 413 JSON without the server holding them', async () => {
  const accounts = await countUsers();
  const before = rss(b);
  const post = (body: ReadableStream<Uint8Array> | Uint8Array, path = '/api/signup') =>
    fetch(`${b.base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
  const huge = await post(chunkedBody(100 * MiB));
  expect(huge.status).toBe(413);
  expect(((await huge.json()) as { error: { code: string } }).error.code).toBe('too_large');
  const twenty = await Promise.all(
    Array.from({ length: 20 }, () => post(new Uint8Array(10 * 1000 * 1000).fill(0x61))),
  );
  expect(twenty.map((response) => response.status)).toEqual(Array(20).fill(413));
  const auth = await post(chunkedBody(20 * MiB), '/api/auth/callback/credentials');
  expect(auth.status).toBe(413);
  const growth = rss(b) - before;
  expect(growth, `RSS grew by ${(growth / MiB).toFixed(1)} MiB`).toBeLessThan(96 * MiB);
  // No oversized sign-up was stored.
  expect(await countUsers()).toBe(accounts);
});
