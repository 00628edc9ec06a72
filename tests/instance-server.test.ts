import type { IncomingMessage } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mayReadMetrics } from '@/server/metrics.mjs';
import { routeLabel } from '@/server/route-label.mjs';

describe('routeLabel (logs and metrics)', () => {
  it.each([
    ['/', '/'],
    ['/api/tools', '/api/tools'],
    ['/api/tools/0b6f7c1e-2d3a-4c5b-8e9f-0a1b2c3d4e5f', '/api/tools/:id'],
    ['/tools/0B6F7C1E-2D3A-4C5B-8E9F-0A1B2C3D4E5F', '/tools/:id'],
    ['/api/order/someone%40example.com', '/api/order/:email'],
    ['/api/user/admin/a@b.example', '/api/user/admin/:email'],
    ['/_next/static/chunks/abc123.js', '/_next/static'],
    ['/images/tools/drill.svg', '/images'],
  ])('%s → %s', (path, label) => {
    expect(routeLabel(path)).toBe(label);
  });
});

function request(remoteAddress: string, headers: Record<string, string> = {}) {
  return { headers, socket: { remoteAddress } } as unknown as IncomingMessage;
}

describe('mayReadMetrics', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('lets a direct connection from this machine read them', () => {
    expect(mayReadMetrics(request('127.0.0.1'))).toBe(true);
    expect(mayReadMetrics(request('::1'))).toBe(true);
  });

  it('refuses other addresses, and anything that came through a proxy', () => {
    expect(mayReadMetrics(request('10.0.0.7'))).toBe(false);
    expect(mayReadMetrics(request('127.0.0.1', { 'x-forwarded-for': '203.0.113.9' }))).toBe(false);
  });

  it('lets anyone with METRICS_TOKEN read them, and nobody with a wrong one', () => {
    vi.stubEnv('METRICS_TOKEN', 'operator-secret-token');
    const proxied = { 'x-forwarded-for': '203.0.113.9' };
    expect(
      mayReadMetrics(
        request('10.0.0.7', { ...proxied, authorization: 'Bearer operator-secret-token' }),
      ),
    ).toBe(true);
    expect(
      mayReadMetrics(request('10.0.0.7', { ...proxied, authorization: 'Bearer operator-secret' })),
    ).toBe(false);
  });
});
