import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { EarlyAnswer, EarlyRequest } from '@/lib/process/early-answers.mjs';
import { answerEarly } from '@/server/early-answer.mjs';

// server/early-answer.mjs reads a small POST for the app's answerer and, when the answerer leaves it, puts the body
// back so that Next reads it whole, as if nobody had.

let seen: EarlyRequest[] = [];
let answerer: (request: EarlyRequest) => EarlyAnswer | null = () => null;
/** Requests whose body starts with `wait` stay in "Next" until this is called. */
let releaseNext: () => void = () => {};
let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const answer = (request: EarlyRequest) => {
      seen.push(request);
      return answerer(request);
    };
    const oneAtATimeBy = ({ body }: EarlyRequest) => new URLSearchParams(body).get('queue');
    void answerEarly(req, res, { answer, oneAtATimeBy }).then(async (answered) => {
      if (answered) return;
      // Stands in for Next: reads the body as a stream and echoes it.
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      if (Buffer.concat(chunks).toString().startsWith('wait')) {
        await new Promise<void>((resolve) => (releaseNext = resolve));
      }
      res.writeHead(200, { 'content-type': 'text/plain', 'x-by': 'next' });
      res.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  fetch(`${base}/api/auth/callback/credentials`, { method: 'POST', body, headers });

describe('answering a POST before Next', () => {
  it('answers with what the answerer gives, status, headers and body', async () => {
    seen = [];
    answerer = () => ({ status: 302, headers: { location: '/login?code=locked' }, body: '' });
    const response = await fetch(`${base}/x`, {
      method: 'POST',
      body: 'email=a%40b.c&password=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: 'a=1' },
      redirect: 'manual',
    });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/login?code=locked');
    expect(seen).toHaveLength(1);
    expect(seen[0]!.body).toBe('email=a%40b.c&password=x');
    expect(seen[0]!.headers.get('cookie')).toBe('a=1');
  });

  it('puts the body back whole when the answerer leaves the request to Next', async () => {
    answerer = () => null;
    const body = `email=${'é'.repeat(3000)}&password=x`;
    const response = await post(body);
    expect(response.headers.get('x-by')).toBe('next');
    expect(await response.text()).toBe(body);
  });

  it('leaves a large body to Next unread', async () => {
    seen = [];
    const body = 'x'.repeat(20_000);
    const response = await post(body);
    expect(await response.text()).toBe(body);
    expect(seen).toHaveLength(0);
  });

  it('leaves a body without Content-Length to Next unread', async () => {
    seen = [];
    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('streamed'));
        controller.close();
      },
    });
    const response = await fetch(`${base}/x`, {
      method: 'POST',
      body: chunks,
      duplex: 'half',
    } as RequestInit);
    expect(await response.text()).toBe('streamed');
    expect(seen).toHaveLength(0);
  });

  it('offers a request of the same queue to the answerer only once the one before it has been answered', async () => {
    seen = [];
    let learned = false;
    answerer = () => (learned ? { status: 302, headers: { location: '/locked' }, body: '' } : null);
    const first = post('wait&queue=a');
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    const second = fetch(`${base}/x`, { method: 'POST', body: 'queue=a', redirect: 'manual' });
    const otherQueue = await post('queue=b');
    expect(otherQueue.headers.get('x-by')).toBe('next');
    expect(seen).toHaveLength(2);
    // What the first one taught, the second sees when its turn comes.
    learned = true;
    releaseNext();
    expect((await first).headers.get('x-by')).toBe('next');
    expect((await second).status).toBe(302);
    expect(seen).toHaveLength(3);
  });

  it('lets Next answer when the answerer fails', async () => {
    answerer = () => {
      throw new Error('broken shortcut');
    };
    const response = await post('email=a');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('email=a');
  });
});
