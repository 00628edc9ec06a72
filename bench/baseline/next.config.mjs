import path from 'node:path';

// The repository root holds node_modules: Turbopack and file tracing must be allowed to reach it.
const root = path.resolve(import.meta.dirname, '..', '..');

/** A default Next config, as `create-next-app` would leave it, apart from the shared node_modules. */
const nextConfig = {
  turbopack: { root },
  outputFileTracingRoot: root,
};

export default nextConfig;
