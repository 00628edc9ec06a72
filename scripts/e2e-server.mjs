// Playwright's webServer (playwright.config.ts): see scripts/lib/test-server.mjs.
import path from 'node:path';
import { projectRoot, runTestServer } from './lib/test-server.mjs';

await runTestServer({
  label: 'e2e',
  port: process.env.E2E_PORT ?? '3200',
  oidcPort: Number(process.env.E2E_OIDC_PORT ?? 4011),
  dataDir: path.join(projectRoot, '.data-e2e'),
  // Which build to serve: `.next` by default, another directory (NEXT_DIST_DIR=.next-e2e) when given.
  distDir: process.env.NEXT_DIST_DIR ?? '.next',
});
