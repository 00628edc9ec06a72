// Lighthouse audits, run by bench/run.mjs in a child process pinned to the load generator's core (Chromium
// inherits the affinity). Fully offline: Debian's Chromium, no network beyond the local servers.
// argv[2]: JSON { pages: [{ name, url, chromeFlags? }], runs, chromePath, outDir } -> stdout: JSON { [name]: summary }.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS } from '../../scripts/lib/chromium.mjs';
import { waitForQuiet } from './cpu.mjs';

const spec = JSON.parse(process.argv[2] ?? '{}');
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
];
const chromeFlags = ['--headless=new', ...CHROMIUM_FLAGS];

async function audit(url, extraFlags = []) {
  // A fresh browser (and profile) per run: nothing cached from the previous one.
  const chrome = await chromeLauncher.launch({
    chromePath: spec.chromePath,
    chromeFlags: [...chromeFlags, ...extraFlags],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    return result.lhr;
  } finally {
    await chrome.kill();
  }
}

/** When the browser actually showed the first frame, unthrottled: what Lantern's simulation starts from. */
const observedFirstPaint = (lhr) =>
  lhr.audits.metrics?.details?.items?.[0]?.observedFirstPaint ?? null;

function summarize(lhr) {
  const scores = Object.fromEntries(
    CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
  );
  const metrics = Object.fromEntries(
    METRICS.map((id) => [id, lhr.audits[id]?.displayValue ?? null]),
  );
  // The audits that cost points, so that a score below target says what to fix.
  const failing = CATEGORIES.flatMap((category) =>
    (lhr.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id])
      .filter((audit) => audit && audit.score !== null && audit.score < 0.9)
      .map((audit) => ({ category, id: audit.id, title: audit.title, score: audit.score })),
  );
  return {
    scores,
    metrics,
    failing,
    runtimeError: lhr.runtimeError?.message ?? null,
    warnings: lhr.runWarnings ?? [],
  };
}

const summaries = {};
for (const page of spec.pages) {
  const runs = [];
  for (let i = 0; i < spec.runs; i += 1) {
    // Lighthouse simulates a slow phone from the main-thread work it observes: other people's load inflates it.
    if (spec.quiet) await waitForQuiet(spec.quiet);
    runs.push(await audit(page.url, page.chromeFlags));
  }
  // Lighthouse's own advice: report the run with the median performance score.
  const ordered = [...runs].sort(
    (a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0),
  );
  const median = ordered[Math.floor(ordered.length / 2)];
  writeFileSync(path.join(spec.outDir, `lighthouse-${page.name}.json`), JSON.stringify(median));
  summaries[page.name] = {
    ...summarize(median),
    url: page.url,
    runs: runs.length,
    performanceRuns: runs.map((lhr) => Math.round((lhr.categories.performance?.score ?? 0) * 100)),
    observedFirstPaintRuns: runs.map(observedFirstPaint),
  };
}
process.stdout.write(JSON.stringify(summaries));
