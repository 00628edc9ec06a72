// Where a request comes from, decided once, before Next and the app read any header (lib/client-request.ts reads
// what this leaves).

/** Headers by which a proxy tells where a request came from and how it was addressed. */
const FORWARDING = [
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-forwarded-port',
];

const trustedProxies = () => {
  const value = Number(process.env.TRUSTED_PROXIES ?? 0);
  return Number.isInteger(value) && value > 0 ? value : 0;
};

/**
 * With no trusted proxy in front (TRUSTED_PROXIES=0, a plain `npm start`) the client is the TCP peer and every
 * forwarding header is its own word: they are dropped, and the peer's address becomes the only X-Forwarded-For
 * entry, so that per-address limits, links, the sitemap and Next's own checks all see the connection as it is.
 * Behind trusted proxies the headers are theirs and stay as they wrote them.
 * @param {import('node:http').IncomingMessage} req
 * @param {number} [proxies]
 */
export function believeOnlyTrustedForwarding(req, proxies = trustedProxies()) {
  if (proxies > 0) return;
  for (const name of FORWARDING) delete req.headers[name];
  req.headers['x-forwarded-for'] = req.socket.remoteAddress ?? 'unknown';
}
