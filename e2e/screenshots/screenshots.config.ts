import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import base from '../../playwright.config';

/**
 * `npm run screenshots`: builds, then walks the shop in Debian's Chromium against a fresh embedded shop
 * (scripts/screenshots-server.mjs, port SCREENSHOTS_PORT, default 3420) and writes docs/screenshots/*.png.
 * Not part of `npm test`: the capture file is not named *.spec.ts.
 */
const port = Number(process.env.SCREENSHOTS_PORT ?? 3420);
const baseURL = `http://localhost:${port}`;
const root = fileURLToPath(new URL('../..', import.meta.url));

export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: ['capture.screens.ts'],
  workers: 1,
  retries: 0,
  outputDir: `${root}/test-results/screenshots`,
  reporter: [['list']],
  use: { ...base.use, baseURL },
  webServer: {
    command: 'node scripts/screenshots-server.mjs',
    cwd: root,
    url: baseURL,
    env: { SCREENSHOTS_PORT: String(port) },
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
