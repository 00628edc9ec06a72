// `npm run screenshots`' own shop (e2e/screenshots/screenshots.config.ts): the e2e server's set-up
// (scripts/lib/test-server.mjs) on its own port and a fresh data directory, so it never touches another run's data.
import path from 'node:path';
import { projectRoot, runTestServer } from './lib/test-server.mjs';

await runTestServer({
  label: 'screenshots',
  port: process.env.SCREENSHOTS_PORT ?? '3420',
  oidcPort: Number(process.env.SCREENSHOTS_OIDC_PORT ?? 4032),
  dataDir: path.join(projectRoot, '.data-screenshots'),
  distDir: process.env.NEXT_DIST_DIR ?? '.next',
});
