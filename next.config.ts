import path from 'node:path';
import type { NextConfig } from 'next';
import { HOME_ROUTE } from './config/routes';

const nextConfig: NextConfig = {
  // Lets a second build (benchmarks, parallel test runs) live beside the default one. Such builds skip the type
  // check: `npm test` type-checks the default build, and other dist dirs' stale route types would only confuse it.
  // `npm start` skips it too (scripts/lib/build.mjs): a third of a first start's build, and the test command checks.
  distDir: process.env.NEXT_DIST_DIR ?? '.next',
  typescript: {
    ignoreBuildErrors:
      Boolean(process.env.NEXT_DIST_DIR) || process.env.TOOLHAUS_BUILD_WITHOUT_TYPE_CHECK === '1',
  },
  // PGlite ships WASM and data files that must be loaded from node_modules, not bundled.
  // pdfkit reads its font metrics from its own folder at run time.
  // pino and prom-client are shared with server/instance.mjs: one logger configuration, one metrics registry.
  serverExternalPackages: [
    '@electric-sql/pglite',
    '@node-rs/argon2',
    'pino',
    'prom-client',
    'pdfkit',
  ],
  poweredByHeader: false,
  // Next hashes each cached page in JavaScript on every request to make an ETag: the largest single cost of serving
  // the home page in a CPU profile (13 %), about 7 % of its throughput in an A/B run. Pages carry s-maxage instead.
  generateEtags: false,
  // Pages and data cached at run time stay in this process's memory. On disk they would outlive the database they
  // came from (a reset demo database, a test run) and be shared by every server started on the same build.
  experimental: {
    isrFlushToDisk: false,
    // proxy.ts runs on every path but the busiest API calls (run-time security headers), and Next buffers each
    // request body it lets through a proxy up to this size. The calls themselves refuse far less (lib/http.ts MAX_BODY_BYTES, the webhook's
    // 512 KiB), so 1 MiB bounds what a request can make the server hold without cutting a body they would accept.
    proxyClientMaxBodySize: '1mb',
    // Server actions (the no-script sign-in and sign-up) take small forms only.
    serverActions: { bodySizeLimit: '64kb' },
  },
  // In memory per process like Next's own, with invalidated tags carried to every instance over PostgreSQL
  // (docs/ARCHITECTURE.md, Production topology). An absolute path, as Next requires: serve a build from the directory
  // it was built in.
  cacheHandler: path.join(import.meta.dirname, 'server', 'cache-handler.mjs'),
  typedRoutes: true,
  async rewrites() {
    return {
      beforeFiles: [{ source: '/', destination: HOME_ROUTE }],
      // Some browsers still ask for /favicon.ico whatever the page's icon link says; a 404 there is a console error.
      afterFiles: [{ source: '/favicon.ico', destination: '/images/favicon.svg' }],
      fallback: [],
    };
  },
};

export default nextConfig;
