// The quality suite's own server when run on its own (e2e/quality/quality.config.ts): the same set-up as the e2e
// server (scripts/lib/test-server.mjs), on its own port, data directory and build, so it can run beside it.
import path from 'node:path';
import { projectRoot, runTestServer } from './lib/test-server.mjs';

await runTestServer({
  label: 'quality',
  port: process.env.QUALITY_PORT ?? '3400',
  oidcPort: Number(process.env.QUALITY_OIDC_PORT ?? 4012),
  dataDir: path.resolve(projectRoot, process.env.QUALITY_DATA_DIR ?? '.data-quality'),
  distDir: process.env.NEXT_DIST_DIR ?? '.next-quality',
});
