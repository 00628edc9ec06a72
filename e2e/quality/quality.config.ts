import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import base from '../../playwright.config';

/**
 * Runs the quality specs on their own, against scripts/quality-server.mjs (port 3400, build .next-quality, data
 * .data-quality), beside the e2e server:
 *   NEXT_DIST_DIR=.next-quality npx next build
 *   npx playwright test --config e2e/quality/quality.config.ts
 * `npm test` runs the same specs through the root playwright.config.ts and its server.
 */
const port = Number(process.env.QUALITY_PORT ?? 3400);
const baseURL = `http://localhost:${port}`;
const root = fileURLToPath(new URL('../..', import.meta.url));

export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: [
    'protected-pages.spec.ts',
    'weird-paths.spec.ts',
    'security-headers.spec.ts',
    'accessibility.spec.ts',
  ],
  outputDir: `${root}/test-results/quality`,
  reporter: [['list']],
  use: { ...base.use, baseURL },
  webServer: {
    command: 'node scripts/quality-server.mjs',
    cwd: root,
    url: baseURL,
    env: { QUALITY_PORT: String(port) },
    // QUALITY_REUSE_SERVER=1: run against a quality server started by hand (node scripts/quality-server.mjs).
    reuseExistingServer: process.env.QUALITY_REUSE_SERVER === '1',
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
