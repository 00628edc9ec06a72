import { headers } from 'next/headers';

/**
 * The one place that knows the shop's public origin: `AUTH_URL` as the server was started (read at run time, never
 * frozen into the build), else the origin the request itself was addressed to. Canonical links, the sitemap, robots,
 * Open Graph URLs, structured data and links in mail all come from here.
 */
export function publicOrigin(requestOrigin: string): string {
  return configuredOrigin() ?? requestOrigin;
}

function configuredOrigin(): string | null {
  const configured = process.env.AUTH_URL;
  return configured ? new URL(configured).origin : null;
}

/** The origin a route handler's request was addressed to (Host header as Next read it). */
export const originOfRequest = (request: Request) => publicOrigin(new URL(request.url).origin);

/** The public origin while rendering a page or a metadata route (sitemap, robots): the request's when unconfigured. */
export async function siteOrigin(): Promise<string> {
  const requestHeaders = await headers();
  const host = requestHeaders.get('host') ?? 'localhost:3000';
  const protocol = requestHeaders.get('x-forwarded-proto') === 'https' ? 'https' : 'http';
  return publicOrigin(`${protocol}://${host}`);
}

/**
 * The origin of a page whose HTML is cached and shared by every visitor (the home page): `AUTH_URL`, else this
 * server's local address. Never a request's Host header, which would let one request write its host into the page
 * everyone is served.
 */
export function cachedPageOrigin(): string {
  return configuredOrigin() ?? `http://localhost:${process.env.PORT ?? 3000}`;
}
