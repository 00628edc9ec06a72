import { describe, expect, it } from 'vitest';
import { newNonce, securityHeaders, withNonce } from '@/lib/security-headers';
import { headerProblems, parseCsp, SAFE_REFERRER_POLICIES } from '@/e2e/support/security-headers';

/** securityHeaders(env) as lower-case name → value. */
const headersFor = (env: Record<string, string | undefined>) =>
  Object.fromEntries(securityHeaders(env).map(({ key, value }) => [key.toLowerCase(), value]));
const cspFor = (env: Record<string, string | undefined>) =>
  parseCsp(headersFor(env)['content-security-policy']!);

describe('securityHeaders(env) in lib/security-headers.ts', () => {
  it("with a nonce, scripts run only with it: no 'unsafe-inline', 'strict-dynamic' for what they load", () => {
    const csp = parseCsp(
      withNonce(headersFor({ NODE_ENV: 'production' })['content-security-policy']!, 'abc123'),
    );
    expect(csp.get('script-src')).toEqual(["'self'", "'nonce-abc123'", "'strict-dynamic'"]);
    expect(csp.get('style-src')).toContain("'unsafe-inline'");
    expect(newNonce()).not.toBe(newNonce());
  });

  it('loads images from the IMAGE_HOSTS it names, else from any https host', () => {
    expect(cspFor({ NODE_ENV: 'production' }).get('img-src')).toContain('https:');
    const limited = cspFor({
      NODE_ENV: 'production',
      IMAGE_HOSTS: 'cdn.example.com,lh3.googleusercontent.com',
    });
    expect(limited.get('img-src')).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://cdn.example.com',
      'https://lh3.googleusercontent.com',
    ]);
  });

  it('without a Stripe key the CSP names no Stripe origin and frames nothing', () => {
    const headers = headersFor({ NODE_ENV: 'production' });
    const policy = headers['content-security-policy']!;
    const csp = parseCsp(policy);
    expect(policy).not.toMatch(/stripe/i);
    expect(csp.get('frame-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('script-src')).not.toContain("'unsafe-eval'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('DENY');
    expect(SAFE_REFERRER_POLICIES).toContain(headers['referrer-policy']);
    // The same checks the quality suite makes of every real response.
    expect(headerProblems(headers, { https: false, stripeConfigured: false })).toEqual([]);
  });

  it("with NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY set, Stripe's script and frames are allowed", () => {
    const csp = cspFor({
      NODE_ENV: 'production',
      NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY: 'pk_test_123',
    });
    expect(csp.get('script-src')).toContain('https://js.stripe.com');
    expect(csp.get('frame-src')).toContain('https://js.stripe.com');
    expect(csp.get('connect-src')).toContain('https://api.stripe.com');
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('Strict-Transport-Security only for an https AUTH_URL', () => {
    const hsts = headersFor({ NODE_ENV: 'production', AUTH_URL: 'https://shop.example.com' })[
      'strict-transport-security'
    ];
    expect(hsts).toBeDefined();
    expect(Number(/max-age=(\d+)/.exec(hsts!)?.[1])).toBeGreaterThanOrEqual(31_536_000);
    for (const env of [
      { NODE_ENV: 'production', AUTH_URL: 'http://localhost:3000' },
      { NODE_ENV: 'production' },
    ]) {
      expect(headersFor(env)).not.toHaveProperty('strict-transport-security');
    }
  });

  it.each([
    ['development', true],
    ['production', false],
  ])("'unsafe-eval' in %s: %s", (NODE_ENV, allowed) => {
    const scriptSrc = cspFor({ NODE_ENV }).get('script-src');
    if (allowed) expect(scriptSrc).toContain("'unsafe-eval'");
    else expect(scriptSrc).not.toContain("'unsafe-eval'");
  });
});

describe('headerProblems: the checker the quality suite runs on real responses', () => {
  const good = headersFor({ NODE_ENV: 'production' });
  it.each([
    ['no CSP', { 'content-security-policy': undefined }, 'no Content-Security-Policy'],
    ['framable', { 'x-frame-options': 'SAMEORIGIN' }, 'X-Frame-Options is "SAMEORIGIN"'],
    ['X-Powered-By', { 'x-powered-by': 'Next.js' }, 'X-Powered-By: Next.js'],
    [
      'HSTS over http',
      { 'strict-transport-security': 'max-age=1' },
      'Strict-Transport-Security over plain http',
    ],
    ['unsafe referrer', { 'referrer-policy': 'unsafe-url' }, 'Referrer-Policy is "unsafe-url"'],
  ])('finds %s', (_label, change, problem) => {
    const headers = Object.fromEntries(
      Object.entries({ ...good, ...change }).filter(
        (entry): entry is [string, string] => entry[1] !== undefined,
      ),
    );
    expect(headerProblems(headers, { https: false, stripeConfigured: false })).toContain(problem);
  });
});
