import { getEnv } from '@/lib/env';

/** Who sent a request and how they addressed it, as far as this server may believe it. */
export interface ClientRequest {
  /** the client's IP address: the key of every per-address limit */
  address: string;
  protocol: 'http' | 'https';
  /** host[:port] the client addressed, null when the request named none */
  host: string | null;
}

const entries = (value: string | null) =>
  (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);

/**
 * The one reader of X-Forwarded-For, -Proto and -Host. With TRUSTED_PROXIES=0 (no proxy in front) they are the
 * client's own word: the address is the TCP peer, which server/instance.mjs writes as the only X-Forwarded-For entry
 * after dropping every X-Forwarded-* header the client sent, and the scheme is plain http. With N trusted proxies,
 * each appends the address it saw, so the address is the entry N from the right and everything left of it is the
 * client's word; the outermost proxy sets the scheme (and may set the host).
 */
export function clientRequest(headers: Headers): ClientRequest {
  const proxies = getEnv().TRUSTED_PROXIES;
  const host = headers.get('host');
  const address = entries(headers.get('x-forwarded-for')).at(-Math.max(1, proxies)) ?? 'unknown';
  if (proxies === 0) return { address, protocol: 'http', host };
  const protocol = entries(headers.get('x-forwarded-proto')).at(0) === 'https' ? 'https' : 'http';
  return { address, protocol, host: entries(headers.get('x-forwarded-host')).at(0) ?? host };
}

/** The address a request comes from, for per-address throttling (sign-in, mailed links, sign-up). */
export const clientAddress = (request: Request) => clientRequest(request.headers).address;
