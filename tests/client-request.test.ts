import type { IncomingMessage } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as emailLinkRoute from '@/app/api/email-link/route';
import { clientRequest } from '@/lib/client-request';
import { originOfHeaders } from '@/lib/site-origin';
import { MAX_PER_ADDRESS } from '@/lib/users/mail-requests';
import { believeOnlyTrustedForwarding } from '@/server/forwarded-headers.mjs';
import { call } from './helpers';
import { setUpTestMail } from './smtp';

setUpTestMail({ origin: 'https://shop.example' });

const FORGED = {
  'x-forwarded-for': '203.0.113.7',
  'x-forwarded-proto': 'https',
  'x-forwarded-host': 'evil.example',
  'x-forwarded-port': '443',
  forwarded: 'for=203.0.113.7;proto=https;host=evil.example',
};

/** What server/instance.mjs hands Next for a request with these headers from this TCP peer. */
function throughServer(peer: string, headers: Record<string, string>, proxies?: number) {
  const req = { headers: { host: 'shop.local:3000', ...headers }, socket: { remoteAddress: peer } };
  believeOnlyTrustedForwarding(req as unknown as IncomingMessage, proxies);
  return new Headers(req.headers);
}

// First: the other tests' unstubAllEnvs() also takes back the test SMTP server's settings.
describe('mailed links, without a trusted proxy', () => {
  it('throttles mailed links per peer: rotating X-Forwarded-For gets 20 answers, then 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < MAX_PER_ADDRESS + 5; i++) {
      const headers = throughServer('198.51.100.21', { 'x-forwarded-for': `203.0.113.${i}` });
      const { status } = await call(emailLinkRoute.POST, {
        method: 'POST',
        body: { email: `rotating-${i}@example.com` },
        headers: Object.fromEntries(headers),
      });
      statuses.push(status);
    }
    expect(statuses).toEqual([
      ...Array<number>(MAX_PER_ADDRESS).fill(202),
      ...Array<number>(5).fill(429),
    ]);
  });
});

describe('where a request comes from, without a trusted proxy (TRUSTED_PROXIES=0)', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('is the TCP peer; X-Forwarded-For, -Proto and -Host are ignored', () => {
    const headers = throughServer('198.51.100.20', FORGED);
    expect(Object.fromEntries(headers)).toEqual({
      host: 'shop.local:3000',
      'x-forwarded-for': '198.51.100.20',
    });
    expect(clientRequest(headers)).toEqual({
      address: '198.51.100.20',
      protocol: 'http',
      host: 'shop.local:3000',
    });
  });

  it("makes a page's links from the Host the client named, over http, whatever it forwarded", () => {
    vi.stubEnv('AUTH_URL', '');
    const headers = throughServer('198.51.100.20', FORGED);
    expect(originOfHeaders(headers, 'localhost:3000')).toBe('http://shop.local:3000');
  });
});

describe('where a request comes from, behind trusted proxies', () => {
  afterEach(() => vi.unstubAllEnvs());

  it.each([
    [1, '203.0.113.5, 198.51.100.9', '198.51.100.9'],
    [2, '203.0.113.5, 198.51.100.9, 10.0.0.2', '198.51.100.9'],
    [1, '', 'unknown'],
  ])('TRUSTED_PROXIES=%i reads the entry it names from the right of "%s"', (n, chain, address) => {
    vi.stubEnv('TRUSTED_PROXIES', String(n));
    const headers = throughServer('127.0.0.1', chain ? { 'x-forwarded-for': chain } : {}, n);
    expect(clientRequest(headers).address).toBe(address);
  });

  it("takes the proxy's scheme and host for a page's links", () => {
    vi.stubEnv('TRUSTED_PROXIES', '1');
    vi.stubEnv('AUTH_URL', '');
    const headers = new Headers({ host: 'shop.example', 'x-forwarded-proto': 'https' });
    expect(originOfHeaders(headers, 'localhost:3000')).toBe('https://shop.example');
  });
});
