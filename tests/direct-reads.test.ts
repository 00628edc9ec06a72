import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directReadFor, serveGetDirectly } from '@/lib/process/direct-reads.mjs';
import { answerDirectly } from '@/server/direct-read.mjs';

// The instance server hands the busiest signed-in GETs to the app's own route handler (lib/signed-in-reads.ts); Next
// answers everything else, and a path that does not decode, which proxy.ts refuses with the contract's 400.

const seen: { url: string; auth: string | null; params: Record<string, string> }[] = [];

serveGetDirectly('/test-direct/[key]', async (request, { params }) => {
  seen.push({ url: request.url, auth: request.headers.get('authorization'), params: await params });
  const response = Response.json({ ok: true }, { status: 203 });
  response.headers.append('Set-Cookie', 'a=1; Path=/');
  response.headers.append('Set-Cookie', 'b=2; Path=/');
  response.headers.set('X-Content-Type-Options', 'nosniff');
  return response;
});
serveGetDirectly('/test-direct-fault', async () => {
  throw new Error('outside route()');
});

describe('which requests are read directly', () => {
  it('matches a GET of a registered pattern and decodes its parameter', () => {
    const read = directReadFor('GET', '/test-direct/a%40b.test');
    expect(read?.params).toEqual({ key: 'a@b.test' });
  });

  it('leaves other methods, other paths, empty and undecodable segments to Next', () => {
    expect(directReadFor('POST', '/test-direct/x')).toBeUndefined();
    expect(directReadFor('HEAD', '/test-direct/x')).toBeUndefined();
    expect(directReadFor('GET', '/test-direct')).toBeUndefined();
    expect(directReadFor('GET', '/test-direct/')).toBeUndefined();
    expect(directReadFor('GET', '/test-direct/x/y')).toBeUndefined();
    expect(directReadFor('GET', '/test-direct/%zz')).toBeUndefined();
  });
});

describe('answering directly', () => {
  let server: http.Server;
  let base: string;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const read = directReadFor(req.method, (req.url ?? '/').split('?')[0]!);
      if (!read) {
        res.writeHead(404).end('next');
        return;
      }
      void answerDirectly(req, res, read);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("passes the path, query and headers, and sends the handler's status, headers, cookies and body", async () => {
    const response = await fetch(`${base}/test-direct/a%40b.test?page=2`, {
      headers: { authorization: 'Bearer t' },
    });
    expect(response.status).toBe(203);
    expect(await response.json()).toEqual({ ok: true });
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    expect(seen.at(-1)).toEqual({
      url: 'http://localhost/test-direct/a%40b.test?page=2',
      auth: 'Bearer t',
      params: { key: 'a@b.test' },
    });
  });

  it("answers the contract's 500 when a handler fails outside route()", async () => {
    const response = await fetch(`${base}/test-direct-fault`);
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({
      error: { code: 'internal', message: 'Something went wrong on our side' },
    });
  });
});
