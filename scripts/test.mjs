// `npm test`: lint, typecheck, unit + integration tests, production build, end-to-end tests in Chromium.
// Stops at the first failing step and ends with one "N passed, N failed" line counting every test.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, '.test-data', 'reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

const steps = [
  ['lint', bin('eslint'), ['.', '--max-warnings=0']],
  // The import rules of docs/ARCHITECTURE.md (.dependency-cruiser.cjs): layers and no cycles.
  [
    'imports',
    bin('depcruise'),
    ['lib', 'app', 'components', 'config', 'server', 'proxy.ts', 'instrumentation.ts'],
  ],
  // No comment or document cites a paper the repository does not hold (docs/PRODUCT.md holds the reasons).
  ['references', process.execPath, [path.join(root, 'scripts/check-doc-references.mjs')]],
  // The build comes first: it regenerates the route types under .next/types that the type check reads.
  ['build', process.execPath, [path.join(root, 'node_modules/next/dist/bin/next'), 'build']],
  ['typecheck', bin('tsc'), ['--noEmit']],
  [
    'vitest',
    bin('vitest'),
    ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${reports}/vitest.json`],
  ],
  ['playwright', bin('playwright'), ['test']],
];

function counts() {
  let passed = 0;
  let failed = 0;
  const vitest = path.join(reports, 'vitest.json');
  if (existsSync(vitest)) {
    const report = JSON.parse(readFileSync(vitest, 'utf8'));
    passed += report.numPassedTests;
    failed += report.numFailedTests;
  }
  const playwright = path.join(reports, 'playwright.json');
  if (existsSync(playwright)) {
    const { stats } = JSON.parse(readFileSync(playwright, 'utf8'));
    passed += stats.expected + stats.flaky;
    failed += stats.unexpected;
  }
  return { passed, failed };
}

let status = 0;
for (const [name, command, args] of steps) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const env = {
    ...process.env,
    PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(reports, 'playwright.json'),
  };
  // DATABASE_URL points the integration tests at PostgreSQL (CI does); the build and the browser tests run the shop
  // on its embedded default, as the quick start does.
  if (name !== 'vitest') delete env.DATABASE_URL;
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  console.log(
    `◀ ${name}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (result.status !== 0) {
    status = result.status ?? 1;
    break;
  }
}
const { passed, failed } = counts();
console.log(`\nTests: ${passed} passed, ${failed} failed`);
process.exit(status || (failed > 0 ? 1 : 0));
