import { headers } from 'next/headers';

/**
 * The one place that knows the shop's public origin: `AUTH_URL` as the server was started (read at run time, never
 * frozen into the build), else the origin the request itself was addressed to. Canonical links, the sitemap, robots,
 * Open Graph URLs and links in mail all come from here.
 */
export function publicOrigin(requestOrigin: string): string {
  const configured = process.env.AUTH_URL;
  return configured ? new URL(configured).origin : requestOrigin;
}

/** The origin a route handler's request was addressed to (Host header as Next read it). */
export const originOfRequest = (request: Request) => publicOrigin(new URL(request.url).origin);

/** The public origin while rendering a page or a metadata route (sitemap, robots, Open Graph images). */
export async function siteOrigin(): Promise<string> {
  const requestHeaders = await headers();
  const host = requestHeaders.get('host') ?? 'localhost:3000';
  const protocol = requestHeaders.get('x-forwarded-proto') === 'https' ? 'https' : 'http';
  return publicOrigin(`${protocol}://${host}`);
}
