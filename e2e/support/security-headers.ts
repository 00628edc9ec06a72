/**
 * What every response's security headers must satisfy (docs/PRODUCT.md, The REST contract), as pure checks: the unit
 * tests run them on securityHeaders() (tests/security-headers.test.ts), the quality suite on real responses of a
 * running server.
 */

/** Directive name → its sources. */
export function parseCsp(policy: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

export const SAFE_REFERRER_POLICIES = [
  'no-referrer',
  'same-origin',
  'strict-origin',
  'strict-origin-when-cross-origin',
];

/** Problems with one response's headers (lower-case names); an empty list when all is well. */
export function headerProblems(
  headers: Record<string, string>,
  { https, stripeConfigured }: { https: boolean; stripeConfigured: boolean },
): string[] {
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
