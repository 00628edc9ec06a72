/** The hosts images may come from: IMAGE_HOSTS (comma-separated), unset any https host. */
export const imageHosts = (configured: string | undefined): string[] | null =>
  configured ? configured.split(',').map((host) => host.trim().toLowerCase()) : null;

const imageSources = (configured: string | undefined) =>
  imageHosts(configured)
    ?.map((host) => `https://${host}`)
    .join(' ') ?? 'https:';

/**
 * Response headers for every route. The CSP allows Stripe's card element (script, frames, API) only when a
 * publishable key is configured. Next's inline bootstrap scripts need 'unsafe-inline' on the pages served from a
 * cache (the home page, the catalogue, products, blog): their HTML is made once for every visitor, so it can carry no
 * per-request nonce. Pages behind sign-in are rendered per request and get a nonce instead (withNonce).
 */
export function securityHeaders(env: Record<string, string | undefined> = process.env) {
  const stripe = Boolean(env.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY);
  const dev = env.NODE_ENV === 'development';
  const csp = [
    "default-src 'self'",
    `script-src 'self' 'unsafe-inline'${dev ? " 'unsafe-eval'" : ''}${stripe ? ' https://js.stripe.com' : ''}`,
    "style-src 'self' 'unsafe-inline'",
    // Product images an admin entered and sign-in providers' avatars: the hosts IMAGE_HOSTS names, else any https.
    `img-src 'self' data: blob: ${imageSources(env.IMAGE_HOSTS)}`,
    "font-src 'self'",
    `connect-src 'self'${stripe ? ' https://api.stripe.com' : ''}`,
    `frame-src ${stripe ? 'https://js.stripe.com https://hooks.stripe.com' : "'none'"}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
  const headers = [
    { key: 'Content-Security-Policy', value: csp },
    { key: 'X-Content-Type-Options', value: 'nosniff' },
    { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
    { key: 'X-Frame-Options', value: 'DENY' },
    { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=()' },
  ];
  // Browsers ignore HSTS over plain http; sending it only for https deployments keeps localhost usable.
  if (env.AUTH_URL?.startsWith('https://')) {
    headers.push({
      key: 'Strict-Transport-Security',
      value: 'max-age=63072000; includeSubDomains',
    });
  }
  return headers;
}

/**
 * The security headers of this server as it was started: AUTH_URL (HSTS) and the Stripe key (CSP) are read from the
 * environment at run time, once. next.config.ts's headers() would be frozen into the build.
 */
let runtimeHeaders: { key: string; value: string }[] | undefined;
export function runtimeSecurityHeaders(): { key: string; value: string }[] {
  runtimeHeaders ??= securityHeaders();
  return runtimeHeaders;
}

/**
 * The CSP with scripts allowed by this nonce alone (and what they load, 'strict-dynamic'): no inline script an
 * attacker slipped into the page runs. Next reads the nonce from the request's copy and puts it on its scripts.
 */
export function withNonce(csp: string, nonce: string): string {
  return csp.replace(
    /script-src [^;]*/,
    (directive) => `${directive.replace(" 'unsafe-inline'", '')} 'nonce-${nonce}' 'strict-dynamic'`,
  );
}

/** A fresh nonce for one response: 16 random bytes. */
export const newNonce = () =>
  Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64');

/**
 * Sets the run-time security headers on a response (proxy.ts for every path, lib/http.ts for the API's answers);
 * with a nonce, the page's CSP allows only the scripts carrying it.
 */
export function applySecurityHeaders(headers: Headers, nonce?: string): void {
  for (const { key, value } of runtimeSecurityHeaders()) {
    headers.set(key, nonce && key === 'Content-Security-Policy' ? withNonce(value, nonce) : value);
  }
}

/** The run-time CSP, with this nonce: what proxy.ts hands Next on the request of a page rendered per request. */
export const nonceCsp = (nonce: string) =>
  withNonce(
    runtimeSecurityHeaders().find(({ key }) => key === 'Content-Security-Policy')!.value,
    nonce,
  );
