// @ts-check
// The JSON reads the instance server (server/instance.mjs) hands straight to the app's own route handler, without
// Next's router, proxy and response streams: a signed-in read spent more in those than in its own work
// (docs/PERFORMANCE.md, "Signed-in reads"). The app registers them at startup (lib/direct-reads.ts); under a bare
// `next start` Next serves the same handlers. On globalThis because the server and Next's bundles each load their
// own copy of this module.

/**
 * A route handler as Next calls it: the request and its path's parameters.
 * @typedef {(request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>} DirectHandler
 */
/** @typedef {{ segments: string[]; handler: DirectHandler }} DirectRead */

const holder = /** @type {typeof globalThis & { __toolhausDirectReads?: DirectRead[] }} */ (
  globalThis
);

const reads = () => (holder.__toolhausDirectReads ??= []);

/**
 * Serves every GET of `pattern` (`/api/order/[key]`: a bracketed segment matches one segment and becomes a
 * parameter) with `handler`.
 * @param {string} pattern
 * @param {DirectHandler} handler
 */
export function serveGetDirectly(pattern, handler) {
  reads().push({ segments: pattern.split('/'), handler });
}

/**
 * The handler of a GET and its parameters, or undefined: Next answers. A path that does not decode is Next's too
 * (proxy.ts refuses it with the contract's 400).
 * @param {string | undefined} method
 * @param {string} pathname
 * @returns {{ handler: DirectHandler; params: Record<string, string> } | undefined}
 */
export function directReadFor(method, pathname) {
  if (method !== 'GET') return undefined;
  const parts = pathname.split('/');
  for (const { segments, handler } of reads()) {
    const params = matched(segments, parts);
    if (params) return { handler, params };
  }
  return undefined;
}

/**
 * @param {string[]} segments
 * @param {string[]} parts
 * @returns {Record<string, string> | null}
 */
function matched(segments, parts) {
  if (segments.length !== parts.length) return null;
  /** @type {Record<string, string>} */
  const params = {};
  for (let i = 0; i < segments.length; i += 1) {
    const segment = /** @type {string} */ (segments[i]);
    const part = /** @type {string} */ (parts[i]);
    if (!segment.startsWith('[')) {
      if (segment !== part) return null;
      continue;
    }
    if (part === '') return null;
    try {
      params[segment.slice(1, -1)] = decodeURIComponent(part);
    } catch {
      return null;
    }
  }
  return params;
}
