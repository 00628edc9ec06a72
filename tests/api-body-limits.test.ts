import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import * as authRoute from '@/app/api/auth/[...nextauth]/route';
import * as signupRoute from '@/app/api/signup/route';
import * as webhookRoute from '@/app/api/stripe/webhook/route';
import { getDb } from '@/lib/db/client';
import { users } from '@/lib/db/schema';
import { MAX_BODY_BYTES } from '@/lib/http';
import { call, type ErrorBody } from './helpers';

const MiB = 1024 * 1024;

/** A body of `total` bytes made on demand, one MiB at a time, counting how much of it the server pulled. */
function lazyBody(total: number, start = '{"name":"') {
  const chunk = new Uint8Array(MiB).fill(0x61);
  const state = { pulled: 0 };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (state.pulled >= total) return controller.close();
        const next = state.pulled === 0 ? new TextEncoder().encode(start) : chunk;
        state.pulled += next.byteLength;
        controller.enqueue(next);
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, state };
}

function post(url: string, body: ReadableStream<Uint8Array>, headers = {}) {
  // Node's fetch needs `duplex` for a streamed body; the DOM typings do not know it yet.
  const init = {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
    duplex: 'half',
  };
  return new NextRequest(url, init as ConstructorParameters<typeof NextRequest>[1]);
}

const handle = (handler: unknown, request: Request) =>
  (handler as (request: Request, context: unknown) => Promise<Response>)(request, {
    params: Promise.resolve({ nextauth: ['callback', 'credentials'] }),
  });

describe('bounded request bodies', () => {
  it('refuses a 100 MiB sign-up with 413 after reading no more than the limit, and stores nothing', async () => {
    const email = `huge-${randomUUID().slice(0, 6)}@test.dev`;
    const { stream, state } = lazyBody(
      100 * MiB,
      `{"email":"${email}","password":"long-enough","name":"`,
    );
    const rssBefore = process.memoryUsage().rss;
    const response = await handle(signupRoute.POST, post('http://localhost/api/signup', stream));
    const growth = process.memoryUsage().rss - rssBefore;
    expect(response.status).toBe(413);
    expect(((await response.json()) as ErrorBody).error.code).toBe('too_large');
    expect(state.pulled).toBeLessThanOrEqual(MAX_BODY_BYTES + 2 * MiB);
    expect(growth).toBeLessThan(32 * MiB);
    expect(await getDb().select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it('refuses a declared Content-Length over the limit before reading a byte', async () => {
    const { stream, state } = lazyBody(10 * MiB);
    const response = await handle(
      signupRoute.POST,
      post('http://localhost/api/signup', stream, { 'content-length': String(10 * MiB) }),
    );
    expect(response.status).toBe(413);
    expect(state.pulled).toBe(0);
  });

  it('refuses a valid sign-up carrying an unknown 10 MB field, and stores nothing', async () => {
    const email = `padded-${randomUUID().slice(0, 6)}@test.dev`;
    const { status } = await call(signupRoute.POST, {
      method: 'POST',
      body: { name: 'Padded', email, password: 'long-enough', padding: 'x'.repeat(10_000_000) },
    });
    expect(status).toBe(413);
    expect(await getDb().select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it('takes a body just under the limit as before', async () => {
    const email = `fits-${randomUUID().slice(0, 6)}@test.dev`;
    const { status } = await call(signupRoute.POST, {
      method: 'POST',
      body: {
        name: 'Fits',
        email,
        password: 'long-enough',
        padding: 'x'.repeat(MAX_BODY_BYTES - 200),
      },
    });
    expect(status).toBe(201);
  });

  it('answers the deepest nesting that fits the limit with 400, not a server error', async () => {
    const depth = MAX_BODY_BYTES / 2 - 1;
    const { status } = await call(signupRoute.POST, {
      method: 'POST',
      rawBody: `${'['.repeat(depth)}${']'.repeat(depth)}`,
    });
    expect(status).toBe(400);
  });

  it("bounds Auth.js's callbacks and the Stripe webhook the same way", async () => {
    for (const [handler, url] of [
      [authRoute.POST, 'http://localhost/api/auth/callback/credentials'],
      [webhookRoute.POST, 'http://localhost/api/stripe/webhook'],
    ] as const) {
      const { stream, state } = lazyBody(100 * MiB, 'email=');
      const response = await handle(handler, post(url, stream));
      expect(response.status).toBe(413);
      expect(((await response.json()) as ErrorBody).error.code).toBe('too_large');
      expect(state.pulled).toBeLessThanOrEqual(2 * MiB);
    }
  });
});
