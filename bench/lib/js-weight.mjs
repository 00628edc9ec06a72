// JavaScript a first visit downloads, measured in Chromium (Next 16's build no longer prints it).
// argv[2]: JSON { pages: [{ name, url }], chromePath } -> stdout: JSON { [name]: summary }.
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS } from '../../scripts/lib/chromium.mjs';

const spec = JSON.parse(process.argv[2] ?? '{}');

const browser = await chromium.launch({
  executablePath: spec.chromePath,
  args: CHROMIUM_FLAGS,
});

async function measure(url) {
  // A new context has an empty cache: this is a first load.
  const context = await browser.newContext();
  const page = await context.newPage();
  const pending = [];
  page.on('requestfinished', (request) => {
    pending.push(
      (async () => {
        const response = await request.response();
        const sizes = await request.sizes();
        const body = await response?.body().catch(() => null);
        return {
          url: request.url(),
          type: request.resourceType(),
          encoding: response?.headers()['content-encoding'] ?? 'identity',
          encodedBytes: sizes.responseBodySize,
          decodedBytes: body?.length ?? null,
        };
      })(),
    );
  });
  // First load = what the document needs before its load event (its async scripts hold that event back);
  // what follows is idle-time work such as <Link> prefetches of other routes, reported apart.
  await page.goto(url, { waitUntil: 'load' });
  const atLoad = pending.length;
  await page.waitForLoadState('networkidle');
  const all = await Promise.all(pending);
  await context.close();
  const resources = all.slice(0, atLoad);
  const later = all.slice(atLoad).filter((resource) => resource.type === 'script');
  const scripts = resources.filter((resource) => resource.type === 'script');
  const sum = (list, key) => list.reduce((total, item) => total + (item[key] ?? 0), 0);
  return {
    url,
    scriptCount: scripts.length,
    scriptEncodedBytes: sum(scripts, 'encodedBytes'),
    scriptDecodedBytes: sum(scripts, 'decodedBytes'),
    scriptEncodings: [...new Set(scripts.map((script) => script.encoding))],
    allEncodedBytes: sum(resources, 'encodedBytes'),
    requestCount: resources.length,
    laterScriptCount: later.length,
    laterScriptEncodedBytes: sum(later, 'encodedBytes'),
    largestScripts: scripts
      .sort((a, b) => b.encodedBytes - a.encodedBytes)
      .slice(0, 8)
      .map(({ url: scriptUrl, encodedBytes, decodedBytes }) => ({
        path: new URL(scriptUrl).pathname,
        encodedBytes,
        decodedBytes,
      })),
  };
}

const summaries = {};
try {
  for (const page of spec.pages) summaries[page.name] = await measure(page.url);
} finally {
  await browser.close();
}
process.stdout.write(JSON.stringify(summaries));
