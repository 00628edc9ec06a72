// `npm run scan`: third-party scanners against a freshly started production build (docs/ARCHITECTURE.md, Tests and
// tools). Starts `next start` on SCAN_PORT (default 3500) over a fresh embedded database in .data-scan,
// serving the build in NEXT_DIST_DIR or `.next` (run `npm run build` first), then runs Debian's wapiti signed out and
// signed in, and sqlmap on the calls that take input, each bounded in time. Fails on any finding of medium or higher
// that security/scan-triage.json does not list with its reason. Reports land in .test-data/scan/.
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { signIn as signInOverHttp, signUp, tokenOf } from './lib/auth-http.mjs';
import { startNextServer } from './lib/next-server.mjs';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.SCAN_PORT ?? 3500);
const base = `http://127.0.0.1:${port}`;
const out = path.join(root, '.test-data', 'scan');
const dataDir = path.join(root, '.data-scan');
const distDir = process.env.NEXT_DIST_DIR ?? '.next';
// Time bounds (about 4.5 minutes in all here): wapiti crawls for CRAWL_SECONDS and gives each attack module
// ATTACK_SECONDS; each sqlmap target stops after SQLMAP_SECONDS. `timeout` is only the backstop.
const CRAWL_SECONDS = Number(process.env.SCAN_CRAWL_SECONDS ?? 20);
const ATTACK_SECONDS = Number(process.env.SCAN_ATTACK_SECONDS ?? 6);
const SQLMAP_SECONDS = Number(process.env.SCAN_SQLMAP_SECONDS ?? 25);
// Modules that need no outside endpoint (ssrf, xxe call wapiti's servers on the internet; nikto, wapp, buster
// download lists or brute-force for minutes; brute_login_form would only lock the scan's own account).
// prettier-ignore
const ALL_MODULES = [
  'backup', 'blindsql', 'cookieflags', 'crlf', 'csp', 'csrf', 'exec', 'file', 'htaccess', 'http_headers',
  'methods', 'permanentxss', 'redirect', 'shellshock', 'sql', 'xss',
];
// Signed in, what the session adds: inputs only a customer reaches. Headers and cookies are the signed-out pass's.
const INJECTION_MODULES = [
  'blindsql',
  'crlf',
  'exec',
  'file',
  'permanentxss',
  'redirect',
  'sql',
  'xss',
];
// Wapiti 3.0's levels: 1 low, 2 medium, 3 high.
const MEDIUM = 2;

for (const tool of ['wapiti', 'sqlmap']) {
  if (spawnSync('which', [tool]).status !== 0) {
    console.error(`${tool} is missing: apt-get install -y wapiti sqlmap`);
    process.exit(2);
  }
}
if (!existsSync(path.join(root, distDir, 'BUILD_ID'))) {
  console.error(`No production build in ${distDir}: run npm run build first`);
  process.exit(2);
}

rmSync(out, { recursive: true, force: true });
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const started = Date.now();
/** The shop on a fresh embedded database; resolves to the first tool's id once it answers. */
async function startServer() {
  server = await startNextServer({
    port,
    env: {
      ...process.env,
      DATABASE_URL: '',
      NODE_ENV: 'production',
      NEXT_DIST_DIR: distDir,
      DATA_DIR: dataDir,
      PAYMENTS: 'test',
      AUTH_URL: base,
      NEXT_MANUAL_SIG_HANDLE: 'true',
    },
    logFile: path.join(out, 'server.log'),
    timeoutMs: 60_000,
  });
  return (await (await fetch(`${base}/api/tools`)).json())[0]?._id;
}
let server;
process.on('exit', () => server?.process.kill('SIGTERM'));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));

/** A customer account signed in: its session cookie and bearer token, for the signed-in passes. */
async function signIn() {
  const account = { name: 'Scan Customer', email: 'scan@example.com', password: 'scan-password-1' };
  await signUp(base, account);
  const jar = await signInOverHttp(base, account);
  const token = await tokenOf(base, account.email, jar);
  const cookie = jar.pair('authjs.session-token');
  if (!cookie) throw new Error('the scan account could not sign in');
  return { account, cookie, token };
}

function run(label, command, args, seconds) {
  const begun = Date.now();
  // `timeout` is the backstop: both scanners bound themselves first.
  const result = spawnSync('timeout', ['--signal=KILL', String(seconds + 60), command, ...args], {
    cwd: out,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  writeFileSync(path.join(out, `${label}.log`), `${result.stdout}\n${result.stderr}`);
  console.log(`${label}: ${((Date.now() - begun) / 1000).toFixed(0)} s (exit ${result.status})`);
  return result;
}

function wapiti(label, modules, startPaths, extra) {
  const report = path.join(out, `${label}.json`);
  run(
    label,
    'wapiti',
    [
      '-u',
      `${base}/`,
      ...startPaths.flatMap((start) => ['-s', `${base}${start}`]),
      '-m',
      modules.join(','),
      '--scope',
      'folder',
      '--flush-session',
      '--store-session',
      path.join(out, `${label}-session`),
      '--store-config',
      path.join(out, `${label}-config`),
      '--max-scan-time',
      String(CRAWL_SECONDS),
      '--max-attack-time',
      String(ATTACK_SECONDS),
      '--max-links-per-page',
      '40',
      '-d',
      '3',
      '-t',
      '10',
      '--no-bugreport',
      '-v',
      '0',
      '-f',
      'json',
      '-o',
      report,
      ...extra,
    ],
    CRAWL_SECONDS + modules.length * ATTACK_SECONDS,
  );
  if (!existsSync(report)) throw new Error(`wapiti (${label}) wrote no report: see ${label}.log`);
  const { vulnerabilities = {}, anomalies = {} } = JSON.parse(readFileSync(report, 'utf8'));
  return Object.entries({ ...vulnerabilities, ...anomalies }).flatMap(([category, list]) =>
    list.map((finding) => ({
      tool: 'wapiti',
      pass: label,
      category,
      level: finding.level,
      method: finding.method,
      path: finding.path,
      parameter: finding.parameter ?? '',
      info: finding.info,
    })),
  );
}

function sqlmap(label, url, { data, headers = [] } = {}) {
  const dir = path.join(out, label);
  run(
    label,
    'sqlmap',
    [
      '-u',
      url,
      ...(data ? ['--data', data] : []),
      ...headers.flatMap((header) => ['-H', header]),
      '--batch',
      '--level',
      '2',
      '--risk',
      '1',
      '--time-sec',
      '1',
      '--timeout',
      '10',
      '--retries',
      '0',
      '--disable-coloring',
      '--skip-waf',
      '--output-dir',
      dir,
    ],
    SQLMAP_SECONDS,
  );
  // sqlmap writes a non-empty `log` file under the target's folder only for an injection it confirmed.
  const hosts = existsSync(dir) ? readdirSync(dir) : [];
  return hosts
    .map((host) => path.join(dir, host, 'log'))
    .filter((log) => existsSync(log) && statSync(log).size > 0)
    .map(() => ({
      tool: 'sqlmap',
      pass: label,
      category: 'SQL Injection',
      level: 3,
      method: data ? 'POST' : 'GET',
      path: new URL(url).pathname,
      parameter: '',
      info: 'see the log',
    }));
}

let status = 0;
try {
  const toolId = await startServer();
  const { account, cookie, token } = await signIn();
  const starts = [
    '/',
    '/blog',
    '/portfolio',
    '/login?from=/blog',
    '/signup',
    '/api/tools',
    `/api/tools/${toolId}`,
    '/api/reviews',
  ];
  const findings = [
    ...wapiti('wapiti-signed-out', ALL_MODULES, starts, []),
    ...wapiti(
      'wapiti-signed-in',
      INJECTION_MODULES,
      [
        ...starts,
        '/dashboard',
        '/dashboard/myorder',
        '/dashboard/updateprofile',
        `/tools/${toolId}`,
        `/api/order/${encodeURIComponent(account.email)}`,
      ],
      ['-H', `Cookie: ${cookie}`, '-H', `Authorization: Bearer ${token}`],
    ),
    ...sqlmap('sqlmap-tool', `${base}/api/tools/${toolId}*`),
    ...sqlmap('sqlmap-signup', `${base}/api/signup`, {
      data: JSON.stringify({
        name: 'Probe',
        email: 'probe@example.com',
        password: 'probe-password',
      }),
      headers: ['Content-Type: application/json'],
    }),
    ...sqlmap('sqlmap-order', `${base}/api/order`, {
      data: JSON.stringify({ toolId, quantity: 1, address: 'Probe street', phone: '5550100' }),
      headers: ['Content-Type: application/json', `Authorization: Bearer ${token}`],
    }),
  ];
  // Wapiti 3.0.4's -x (exclude) is broken on Python 3.11, so nothing keeps it from a sign-out: make sure the
  // signed-in pass really was signed in to the end.
  // (Its keep-alive connection may have been closed by the server meanwhile: one retry on a fresh one.)
  const profile = () =>
    fetch(`${base}/api/user/${encodeURIComponent(account.email)}`, { headers: { cookie } });
  const stillSignedIn = await profile().catch(profile);
  if (stillSignedIn.status !== 200) throw new Error('the signed-in pass lost its session');
  const triage = JSON.parse(readFileSync(path.join(root, 'security', 'scan-triage.json'), 'utf8'));
  const triaged = (finding) =>
    triage.find(
      (entry) =>
        entry.tool === finding.tool &&
        entry.category === finding.category &&
        (entry.path === undefined || entry.path === finding.path) &&
        (entry.parameter === undefined || entry.parameter === finding.parameter),
    );
  const serious = findings.filter((finding) => finding.level >= MEDIUM);
  const open = serious.filter((finding) => !triaged(finding));
  writeFileSync(path.join(out, 'findings.json'), JSON.stringify(findings, null, 2));
  console.log(
    `\n${findings.length} findings, ${serious.length} medium or higher, ${serious.length - open.length} triaged in security/scan-triage.json`,
  );
  for (const finding of serious.filter(triaged)) {
    console.log(
      `  triaged: ${finding.tool} ${finding.category} ${finding.method} ${finding.path} — ${triaged(finding).reason}`,
    );
  }
  for (const finding of open) {
    console.log(
      `  OPEN: ${finding.tool} [${finding.pass}] ${finding.category} (level ${finding.level}) ${finding.method} ${finding.path} ${finding.parameter}\n        ${finding.info}`,
    );
  }
  status = open.length > 0 ? 1 : 0;
} catch (error) {
  console.error(error);
  status = 2;
} finally {
  if (server && server.process.exitCode !== null)
    console.error(`the server exited (${server.process.exitCode}): see server.log`);
  console.log(
    `scan: ${((Date.now() - started) / 1000).toFixed(0)} s in all, reports in ${path.relative(root, out)}`,
  );
  await server?.stop();
}
process.exit(status);
