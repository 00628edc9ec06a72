import { expect, test, type APIRequestContext } from '@playwright/test';
import { securityHeaders } from '../../lib/security-headers';
import {
  createTool,
  deleteTool,
  newSignedIn,
  placeOrder,
  signInDemoAdmin,
  toolInput,
  type SignedIn,
} from './support';

/** Directive name → its sources. */
function parseCsp(policy: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

const stripeConfigured = Boolean(process.env.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY);
const SAFE_REFERRER_POLICIES = [
  'no-referrer',
  'same-origin',
  'strict-origin',
  'strict-origin-when-cross-origin',
];

/** Problems with one response's headers (an empty list when all is well). */
function headerProblems(headers: Record<string, string>, https: boolean): string[] {
  const problems: string[] = [];
  const policy = headers['content-security-policy'];
  if (!policy) problems.push('no Content-Security-Policy');
  else {
    const csp = parseCsp(policy);
    if (csp.get('frame-ancestors')?.join(' ') !== "'none'")
      problems.push(`frame-ancestors is ${JSON.stringify(csp.get('frame-ancestors'))}, not 'none'`);
    if (!csp.get('default-src')) problems.push('no default-src');
    if (csp.get('object-src')?.join(' ') !== "'none'") problems.push("object-src is not 'none'");
    if (csp.get('script-src')?.includes("'unsafe-eval'"))
      problems.push("script-src allows 'unsafe-eval'");
    if (!stripeConfigured && /stripe/i.test(policy))
      problems.push(
        'Stripe origins in the CSP although NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY is unset',
      );
  }
  if (headers['x-content-type-options'] !== 'nosniff')
    problems.push(`X-Content-Type-Options is ${JSON.stringify(headers['x-content-type-options'])}`);
  if (!SAFE_REFERRER_POLICIES.includes(headers['referrer-policy'] ?? ''))
    problems.push(`Referrer-Policy is ${JSON.stringify(headers['referrer-policy'])}`);
  if (headers['x-frame-options'] !== 'DENY')
    problems.push(`X-Frame-Options is ${JSON.stringify(headers['x-frame-options'])}`);
  if ('x-powered-by' in headers) problems.push(`X-Powered-By: ${headers['x-powered-by']}`);
  if (!https && 'strict-transport-security' in headers)
    problems.push('Strict-Transport-Security over plain http');
  return problems;
}

test.describe('over HTTP', () => {
  let admin: SignedIn;
  let customer: SignedIn;
  let anonymous: APIRequestContext;
  let toolId: string;
  let orderId: string;

  test.beforeAll(async ({ playwright, baseURL }) => {
    admin = await signInDemoAdmin(playwright, baseURL!);
    customer = await newSignedIn(playwright, baseURL!, 'headers');
    anonymous = await playwright.request.newContext({ baseURL });
    toolId = await createTool(admin, toolInput('headers tool'));
    orderId = await placeOrder(customer, toolId);
  });

  test.afterAll(async () => {
    await deleteTool(admin, toolId);
    for (const context of [admin.session, customer.session, anonymous]) await context.dispose();
  });

  test('every page, redirect, API answer and static file carries the security headers', async ({
    baseURL,
  }) => {
    const https = baseURL!.startsWith('https:');
    const home = await (await anonymous.get('/')).text();
    const script = /\/_next\/static\/[^"]+\.js/.exec(home)?.[0];
    expect(script, 'a script of the home page').toBeTruthy();

    const checks: {
      label: string;
      context: APIRequestContext;
      method?: string;
      path: string;
      status: number;
      data?: unknown;
    }[] = [
      // Public pages, signed out.
      ...['/', '/blog', '/portfolio', '/login', '/signup'].map((path) => ({
        label: 'signed out',
        context: anonymous,
        path,
        status: 200,
      })),
      { label: 'signed out', context: anonymous, path: '/no-such-page', status: 404 },
      // Protected pages: the redirect a signed-out visitor gets, and the page itself.
      { label: 'signed out', context: anonymous, path: '/dashboard', status: 307 },
      { label: 'customer', context: customer.session, path: '/dashboard/manageuser', status: 307 },
      ...[
        `/tools/${toolId}`,
        '/addreview',
        '/dashboard',
        '/dashboard/myorder',
        '/dashboard/addreview',
        `/dashboard/payment/${orderId}`,
        '/dashboard/updateprofile',
      ].map((path) => ({ label: 'customer', context: customer.session, path, status: 200 })),
      ...[
        '/dashboard/manageproduct',
        '/dashboard/manageorder',
        '/dashboard/addproduct',
        '/dashboard/manageuser',
      ].map((path) => ({ label: 'admin', context: admin.session, path, status: 200 })),
      // API answers, successful and not.
      { label: 'anonymous', context: anonymous, path: '/api/tools', status: 200 },
      { label: 'anonymous', context: anonymous, path: '/api/user', status: 401 },
      { label: 'customer', context: customer.session, path: '/api/user', status: 403 },
      {
        label: 'anonymous',
        context: anonymous,
        path: '/api/tools/00000000-0000-4000-8000-000000000000',
        status: 404,
      },
      {
        label: 'anonymous',
        context: anonymous,
        method: 'POST',
        path: '/api/signup',
        status: 400,
        data: {},
      },
      { label: 'anonymous', context: anonymous, path: '/api/auth/session', status: 200 },
      // Static files.
      { label: 'static', context: anonymous, path: script!, status: 200 },
      { label: 'static', context: anonymous, path: '/images/favicon.svg', status: 200 },
      { label: 'static', context: anonymous, path: '/robots.txt', status: 200 },
    ];

    const problems: string[] = [];
    for (const check of checks) {
      const response = await check.context.fetch(check.path, {
        method: check.method ?? 'GET',
        ...(check.data !== undefined && { data: check.data }),
        maxRedirects: 0,
      });
      const where = `${check.method ?? 'GET'} ${check.path} (${check.label})`;
      if (response.status() !== check.status)
        problems.push(`${where}: status ${response.status()}, expected ${check.status}`);
      for (const problem of headerProblems(response.headers(), https))
        problems.push(`${where}: ${problem}`);
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });
});

test('the pages run under their CSP without violations', async ({ page, playwright, baseURL }) => {
  const admin = await signInDemoAdmin(playwright, baseURL!);
  const state = await admin.session.storageState();
  await page.context().addCookies(state.cookies);
  await admin.session.dispose();

  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text()))
      violations.push(`${page.url()}: ${message.text()}`);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`Refused to load (CSP): ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  for (const path of [
    '/',
    '/blog',
    '/dashboard',
    '/dashboard/manageproduct',
    '/dashboard/addproduct',
  ]) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  expect(violations, violations.join('\n')).toEqual([]);
});

test.describe('securityHeaders(env) in lib/security-headers.ts', () => {
  const toMap = (env: Record<string, string | undefined>) =>
    new Map(securityHeaders(env).map(({ key, value }) => [key.toLowerCase(), value]));

  test('without a Stripe key the CSP names no Stripe origin and frames nothing', () => {
    const headers = toMap({ NODE_ENV: 'production' });
    const policy = headers.get('content-security-policy')!;
    const csp = parseCsp(policy);
    expect(policy).not.toMatch(/stripe/i);
    expect(csp.get('frame-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('script-src')).not.toContain("'unsafe-eval'");
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('x-frame-options')).toBe('DENY');
    expect(SAFE_REFERRER_POLICIES).toContain(headers.get('referrer-policy'));
  });

  test("with NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY set, Stripe's script and frames are allowed", () => {
    const csp = parseCsp(
      toMap({ NODE_ENV: 'production', NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY: 'pk_test_123' }).get(
        'content-security-policy',
      )!,
    );
    expect(csp.get('script-src')).toContain('https://js.stripe.com');
    expect(csp.get('frame-src')).toContain('https://js.stripe.com');
    expect(csp.get('connect-src')).toContain('https://api.stripe.com');
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  });

  test('Strict-Transport-Security only for an https AUTH_URL', () => {
    const secure = toMap({ NODE_ENV: 'production', AUTH_URL: 'https://shop.example.com' });
    const hsts = secure.get('strict-transport-security');
    expect(hsts).toBeDefined();
    const maxAge = Number(/max-age=(\d+)/.exec(hsts!)?.[1]);
    expect(maxAge).toBeGreaterThanOrEqual(31_536_000);
    expect(
      toMap({ NODE_ENV: 'production', AUTH_URL: 'http://localhost:3000' }).has(
        'strict-transport-security',
      ),
    ).toBe(false);
    expect(toMap({ NODE_ENV: 'production' }).has('strict-transport-security')).toBe(false);
  });

  test("'unsafe-eval' only in development", () => {
    const dev = parseCsp(toMap({ NODE_ENV: 'development' }).get('content-security-policy')!);
    expect(dev.get('script-src')).toContain("'unsafe-eval'");
    const prod = parseCsp(toMap({ NODE_ENV: 'production' }).get('content-security-policy')!);
    expect(prod.get('script-src')).not.toContain("'unsafe-eval'");
  });
});
