// The import rules of docs/ARCHITECTURE.md, checked by `npm run lint` (dependency-cruiser). Layers, lowest first:
// foundation (lib/*.ts: env, errors, types, …; lib/validation/; lib/process/) → data (lib/db/) → adapters (lib/auth/,
// lib/payments/, lib/mail/) → domain (lib/orders/, lib/users/, lib/tools/, lib/reviews.ts, …) → app/, components/. A
// layer imports only layers below it, so no cycle between folders can come back.
const DOMAIN =
  '^lib/(orders|users|tools|cart|lists|invoices|quotes|uploads|analytics|punchout)/|^lib/(reviews|overview|idempotency|startup)\\.ts$|^lib/seo/';
const ADAPTERS = '^lib/(auth|payments|mail|two-factor|audit)/';
const FOUNDATION =
  '^lib/(env|errors|types|money|format|csv|cache|site-origin|client-request|routes|security-headers|http|document-response)\\.ts$|^lib/(validation|process|documents|tax)/';

/**
 * The "may import" column of docs/ARCHITECTURE.md's folder table, as rules: a folder of lib/ imports only the folders
 * it lists, besides the foundation (lib/*.ts, lib/validation/, lib/process/, lib/documents/, lib/tax/) that every
 * layer may use.
 * The table is the rule, so the two can not drift apart.
 */
function mayImportRules() {
  /* eslint-disable @typescript-eslint/no-require-imports -- dependency-cruiser loads this file as CommonJS */
  const doc = require('node:fs').readFileSync(
    require('node:path').join(__dirname, 'docs/ARCHITECTURE.md'),
    'utf8',
  );
  const folders = require('node:fs')
    .readdirSync(require('node:path').join(__dirname, 'lib'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  /* eslint-enable @typescript-eslint/no-require-imports */
  const foundation = ['validation', 'process', 'documents', 'tax'];
  return doc.split('\n').flatMap((line) => {
    const row = /^\| `lib\/([a-z-]+)\/`\s*\|[^|]*\|([^|]*)\|$/.exec(line);
    if (!row) return [];
    const [, folder, column] = row;
    const listed = column
      .replace(/\([^)]*\)/g, '')
      .split(',')
      .map((name) => name.trim())
      .filter((name) => folders.includes(name));
    const allowed = new Set([folder, ...foundation, ...listed]);
    const refused = folders.filter((name) => !allowed.has(name));
    if (refused.length === 0) return [];
    return [
      {
        name: `lib-${folder}-may-import`,
        comment: `docs/ARCHITECTURE.md: lib/${folder}/ may import ${listed.join(', ') || 'the foundation only'}.`,
        severity: 'error',
        from: { path: `^lib/${folder}/` },
        to: { path: `^lib/(${refused.join('|')})/` },
      },
    ];
  });
}

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...mayImportRules(),
    {
      name: 'no-circular',
      comment: 'A module never imports itself back through others.',
      severity: 'error',
      from: { path: '^(lib|app|components|config|server)/|^proxy\\.ts$' },
      to: { circular: true },
    },
    {
      name: 'server-wraps-the-app',
      comment:
        'server/ is the process around Next: it may use the modules the app shares with it (lib/process/), and the app never imports server/.',
      severity: 'error',
      from: { path: '^(lib|app|components|config)/|^proxy\\.ts$|^instrumentation\\.ts$' },
      to: { path: '^server/' },
    },
    {
      name: 'server-reaches-only-process-modules',
      comment:
        'Node runs server/ without a compiler: of the app it loads only the plain-JavaScript modules of lib/process/.',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^(lib|app|components|config)/', pathNot: '^lib/process/[^/]+\\.mjs$' },
    },
    {
      name: 'process-modules-stand-alone',
      comment:
        'lib/process/ (lifecycle, request context, log, cache tags) is shared by server/ and the app: it imports neither.',
      severity: 'error',
      from: { path: '^lib/process/' },
      to: { path: '^(lib|app|components|config|server)/', pathNot: '^lib/process/' },
    },
    {
      name: 'lib-has-no-ui',
      comment: 'Services and adapters know nothing of pages and components.',
      severity: 'error',
      from: { path: '^lib/' },
      to: { path: '^(app|components)/' },
    },
    {
      name: 'foundation-stays-below',
      comment:
        'Foundation modules (env, errors, validation, …) are imported by every layer and import none.',
      severity: 'error',
      from: { path: FOUNDATION },
      to: { path: `^lib/(db|auth|payments|mail|observability)/|${DOMAIN}` },
    },
    {
      name: 'data-layer-is-the-bottom',
      comment: 'lib/db/ holds the schema and the queries; it calls no adapter and no service.',
      severity: 'error',
      from: { path: '^lib/db/' },
      to: { path: `${ADAPTERS}|${DOMAIN}` },
    },
    {
      name: 'adapters-know-no-domain',
      comment: 'Identity, payment gateways and mail delivery serve the domain; they never call it.',
      severity: 'error',
      from: { path: ADAPTERS },
      to: { path: DOMAIN },
    },
    {
      name: 'two-factor-has-one-entry',
      comment:
        'Two-factor sign-in is one folder: the rest of the shop imports lib/two-factor/index.ts only.',
      severity: 'error',
      from: {
        path: '^(lib|app|components|config|server)/|^proxy\\.ts$',
        pathNot: '^lib/two-factor/',
      },
      to: { path: '^lib/two-factor/', pathNot: '^lib/two-factor/index\\.ts$' },
    },
    {
      name: 'payments-are-gateways-only',
      comment: "lib/payments/ talks to card gateways and answers in the shop's own shapes.",
      severity: 'error',
      from: { path: '^lib/payments/' },
      to: { path: '^lib/(auth|mail)/|^stripe$', pathNot: '^lib/payments/' },
    },
    {
      name: 'stripe-stays-in-its-adapter',
      comment:
        'Only the Stripe gateway imports the Stripe SDK; the browser card form imports Stripe.js.',
      severity: 'error',
      from: { pathNot: '^lib/payments/stripe-gateway\\.ts$' },
      to: { path: 'node_modules/stripe/' },
    },
    {
      name: 'auth-sends-no-mail',
      comment: 'Identity is below mail: mail may check an admin, auth never queues a message.',
      severity: 'error',
      from: { path: '^lib/auth/' },
      to: { path: '^lib/(mail|payments)/' },
    },
    {
      name: 'orders-do-not-reach-accounts-or-catalogue',
      comment: 'Removing an account cancels its orders (users → orders); orders never call back.',
      severity: 'error',
      from: { path: '^lib/orders/' },
      to: { path: '^lib/(users|tools)/' },
    },
    {
      name: 'catalogue-is-independent',
      severity: 'error',
      from: { path: '^lib/tools/' },
      to: { path: '^lib/(users|orders)/' },
    },
    {
      name: 'thin-route-handlers',
      comment:
        'Pages and route handlers go through services; only the readiness probe reads the database status.',
      severity: 'error',
      from: { path: '^(app|components)/' },
      to: { path: '^lib/db/', pathNot: '^lib/db/status\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^\\.next' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
  },
};
