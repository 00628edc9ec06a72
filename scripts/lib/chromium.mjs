// The one Chromium every browser run uses (Playwright's configs, the benchmark's first-load JS and Lighthouse):
// Debian's package, offline, without the background traffic that would disturb a measurement or a test.
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];
