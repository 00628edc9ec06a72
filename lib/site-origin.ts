import { headers } from 'next/headers';
import { clientRequest } from '@/lib/client-request';

/**
 * The one place that knows the shop's public origin: `AUTH_URL` as the server was started (read at run time, never
 * frozen into the build), else the origin the request itself was addressed to. Canonical links, the sitemap, robots,
 * Open Graph URLs, structured data and links in mail (`cachedPageOrigin`) all come from here.
 */
export function publicOrigin(requestOrigin: string): string {
  return configuredOrigin() ?? requestOrigin;
}

function configuredOrigin(): string | null {
  const configured = process.env.AUTH_URL;
  return configured ? new URL(configured).origin : null;
}

/**
 * The public origin for a request: the Host it named (X-Forwarded-Host and -Proto only from a trusted proxy:
 * lib/client-request.ts), else `fallbackHost`.
 */
export function originOfHeaders(requestHeaders: Headers, fallbackHost: string): string {
  const { protocol, host } = clientRequest(requestHeaders);
  return publicOrigin(`${protocol}://${host ?? fallbackHost}`);
}

/** The public origin while rendering a page, a metadata route (sitemap, robots) or running a server action. */
export async function siteOrigin(): Promise<string> {
  return originOfHeaders(await headers(), `localhost:${process.env.PORT ?? 3000}`);
}

/**
 * The origin of a page whose HTML is cached and shared by every visitor (the home page), and of links made outside
 * any request: `AUTH_URL`, else this server's local address. Never a request's Host header, which would let one
 * request write its host into the page everyone is served.
 */
export function cachedPageOrigin(): string {
  return configuredOrigin() ?? `http://localhost:${process.env.PORT ?? 3000}`;
}
