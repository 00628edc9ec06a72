import { expect, test, type APIRequestContext, type PlaywrightWorkerArgs } from '@playwright/test';
import { decodeJwt, SignJWT, UnsecuredJWT, type JWTPayload } from 'jose';
import { encode as encodeSessionCookie } from 'next-auth/jwt';
import {
  MATRIX,
  type ApiRow,
  type ActorName,
  type PageOutcome,
  type PageRow,
  type Prepared,
  type SignedInActor,
  type World,
} from './matrix';
import {
  bearer,
  bodyText,
  confirmCard,
  createIntent,
  createTool,
  deleteTool,
  errorBodyProblem,
  newAccount,
  newSignedIn,
  placeOrder,
  payOrder,
  SERVER_AUTH_SECRET,
  SESSION_COOKIE,
  signInDemoAdmin,
  signUp,
  toolInput,
  type SignedIn,
} from './support';

/** How a cell's request is authenticated; `column` is the table column whose expectation applies. */
interface Credential {
  label: string;
  column: ActorName;
  /** Uses the actor's cookie jar; otherwise a fresh context without cookies. */
  session?: APIRequestContext;
  headers?: Record<string, string>;
}

const API_ROWS = MATRIX.filter((row): row is ApiRow => row.kind === 'api');
const PAGE_ROWS = MATRIX.filter((row): row is PageRow => row.kind === 'page');

let world: World;
let forged: { bearer: Record<string, string>; cookie: string };
const toolsToRemove: string[] = [];
const contexts: APIRequestContext[] = [];

// Thousands of API calls: a trace would be large and slow to write.
test.use({ trace: 'off' });
test.describe.configure({ timeout: 300_000 });

test.beforeAll(async ({ playwright, baseURL }) => {
  test.setTimeout(120_000);
  const url = baseURL!;
  const admin = await signInDemoAdmin(playwright, url);
  const owner = await newSignedIn(playwright, url, 'owner');
  const other = await newSignedIn(playwright, url, 'other');
  contexts.push(admin.session, owner.session, other.session);
  const input = toolInput('matrix tool');
  const toolId = await createTool(admin, input);
  toolsToRemove.push(toolId);
  const ownerOrderId = await placeOrder(owner, toolId);
  const actors: Record<SignedInActor, SignedIn> = { owner, other, admin };

  world = {
    owner,
    other,
    admin,
    actor: (name) => actors[name],
    tool: { id: toolId, name: input.name, price: input.price },
    ownerOrderId,
    async freshTool() {
      const id = await createTool(admin, toolInput('matrix scratch tool'));
      toolsToRemove.push(id);
      return id;
    },
    freshOwnerOrder: () => placeOrder(owner, toolId),
    async freshOwnerPayment() {
      const orderId = await placeOrder(owner, toolId);
      return {
        orderId,
        transactionId: await confirmCard(owner, await createIntent(owner, orderId)),
      };
    },
    async freshPaidOwnerOrder() {
      const orderId = await placeOrder(owner, toolId);
      return { orderId, transactionId: await payOrder(owner, orderId) };
    },
    async freshOwnerIntent() {
      const orderId = await placeOrder(owner, toolId);
      return { orderId, clientSecret: await createIntent(owner, orderId) };
    },
    async freshAccount() {
      const account = newAccount('matrix-victim');
      const anonymous = await playwright.request.newContext({ baseURL: url });
      const id = await signUp(anonymous, account);
      await anonymous.dispose();
      return { id, email: account.email, name: account.name };
    },
    async read(path) {
      const response = await admin.session.get(path);
      const text = await response.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // Not JSON: compared as text.
      }
      return { status: response.status(), body };
    },
    async removeToolsNamed(name) {
      const { body } = await world.read('/api/tools');
      for (const tool of body as { _id: string; name: string }[]) {
        if (tool.name === name) await deleteTool(admin, tool._id);
      }
    },
  };
  forged = await forgeCredentials(owner, admin);
});

test.afterAll(async () => {
  if (world) for (const id of toolsToRemove) await deleteTool(world.admin, id).catch(() => {});
  for (const context of contexts) await context.dispose();
});

const base64url = (text: string) => Buffer.from(text).toString('base64url');
const secretKey = (secret: string) => new TextEncoder().encode(secret);
const WRONG_SECRET = 'not-the-server-secret-0123456789-abcdefghijklmnopqrstuvwxyz';

/** Tokens that claim to be the admin, each with one flaw; built from a real token's claims (issuer, audience). */
async function forgeCredentials(owner: SignedIn, admin: SignedIn) {
  const real = decodeJwt(owner.token);
  const claims: JWTPayload = { ...real, sub: admin.id, email: admin.email };
  const now = Math.floor(Date.now() / 1000);
  const signed = (secret: string, iat: number, exp: number) =>
    new SignJWT({ ...claims, iat, exp })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(secretKey(secret));
  const [header, , signature] = owner.token.split('.');
  const tokens = {
    'alg none': new UnsecuredJWT({ ...claims, iat: now, exp: now + 3600 }).encode(),
    'tampered payload': `${header}.${base64url(JSON.stringify({ ...claims }))}.${signature}`,
    'wrong secret': await signed(WRONG_SECRET, now, now + 3600),
    expired: await signed(SERVER_AUTH_SECRET, now - 7200, now - 3600),
  };
  const cookie = await encodeSessionCookie({
    token: { sub: admin.id, email: admin.email, name: 'Demo Admin', role: 'admin' },
    secret: WRONG_SECRET,
    salt: SESSION_COOKIE,
  });
  return { bearer: tokens, cookie: `${SESSION_COOKIE}=${cookie}` };
}

function credentials(kind: 'api' | 'page'): Credential[] {
  const list: Credential[] = [{ label: 'anonymous', column: 'anonymous' }];
  for (const name of ['owner', 'other', 'admin'] as const) {
    const actor = world.actor(name);
    list.push({ label: `${name} (cookie)`, column: name, session: actor.session });
    if (kind === 'api')
      list.push({ label: `${name} (bearer)`, column: name, headers: bearer(actor.token) });
  }
  if (kind === 'api') {
    for (const [flaw, token] of Object.entries(forged.bearer)) {
      list.push({
        label: `forged admin bearer (${flaw})`,
        column: 'anonymous',
        headers: bearer(token),
      });
    }
  }
  list.push({
    label: 'forged admin session cookie (wrong secret)',
    column: 'anonymous',
    headers: { cookie: forged.cookie },
  });
  return list;
}

interface Answer {
  status: number;
  location: string | undefined;
  text: string;
}

async function send(
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string,
  credential: Credential,
  method: string,
  prepared: Prepared,
): Promise<Answer> {
  // A fresh cookie-less context per request: nothing a response sets can leak into the next cell.
  const context = credential.session ?? (await playwright.request.newContext({ baseURL }));
  try {
    const headers = { ...credential.headers, ...prepared.headers };
    if (prepared.raw) headers['content-type'] = prepared.raw.contentType;
    const response = await context.fetch(prepared.path, {
      method,
      headers,
      ...(prepared.raw
        ? { data: prepared.raw.text }
        : prepared.body !== undefined && { data: prepared.body }),
      maxRedirects: 0,
    });
    return {
      status: response.status(),
      location: response.headers()['location'],
      text: await response.text(),
    };
  } finally {
    if (!credential.session) await context.dispose().catch(() => {});
  }
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

test('every API route answers every actor and credential as the table says', async ({
  playwright,
  baseURL,
}) => {
  const differences: string[] = [];
  let cells = 0;
  for (const row of API_ROWS) {
    const title = `${row.method} ${row.route}${row.note ? ` [${row.note}]` : ''}`;
    for (const credential of credentials('api')) {
      cells++;
      const expected = row.expect[credential.column];
      const cell = `${title} | ${credential.label}`;
      const prepared = await row.prepare(world, credential.column);
      try {
        const before = prepared.observe && (await prepared.observe());
        const answer = await send(playwright, baseURL!, credential, row.method, prepared);
        const status = answer.status;
        if (status !== expected) {
          differences.push(
            `${cell}: expected ${expected}, got ${status} ${answer.text.slice(0, 300)}`,
          );
        }
        if (status >= 400) {
          const problem = errorBodyProblem(answer.text);
          if (problem) differences.push(`${cell}: ${status} ${problem}`);
        }
        if (expected >= 400 && prepared.observe) {
          const after = await prepared.observe();
          if (JSON.stringify(after) !== JSON.stringify(before)) {
            differences.push(
              `${cell}: a refused call changed state: before ${JSON.stringify(before).slice(0, 300)} after ${JSON.stringify(after).slice(0, 300)}`,
            );
          }
        }
        if (status === expected && expected < 300 && prepared.check) {
          for (const problem of await prepared.check({ status, body: parsed(answer.text) })) {
            differences.push(`${cell}: ${problem}`);
          }
        }
      } finally {
        await prepared.cleanup?.();
      }
    }
  }
  test.info().annotations.push({ type: 'cells', description: String(cells) });
  expect(
    differences,
    `${differences.length} of ${cells} cells differ:\n${differences.join('\n')}`,
  ).toEqual([]);
});

const decodeEntities = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&');

/** The text of every h1 and h2 in server-rendered HTML (streamed parts included). */
function headings(html: string): string[] {
  return [...html.matchAll(/<h([12])\b[^>]*>([\s\S]*?)<\/h\1>/g)].map((match) =>
    decodeEntities(match[2]!.replace(/<[^>]+>/g, '').replace(/<!-- -->/g, ''))
      .replace(/\s+/g, ' ')
      .trim(),
  );
}

function describeResponse(status: number, location: string | undefined, html: string): string {
  if (status >= 300 && status < 400) return `${status} → ${location}`;
  return `${status} with headings ${JSON.stringify(headings(html).slice(0, 4))}`;
}

function matches(
  outcome: PageOutcome,
  path: string,
  status: number,
  location: string | undefined,
  html: string,
): boolean {
  if ('redirect' in outcome) {
    if (status < 300 || status >= 400 || !location) return false;
    const target = new URL(location, 'http://localhost');
    if (outcome.redirect === 'dashboard') return target.pathname === '/dashboard';
    return target.pathname === '/login' && target.searchParams.get('from') === path;
  }
  if (outcome.status === 404) return status === 404;
  return (
    status === 200 &&
    headings(html).includes(outcome.heading.replace('{toolName}', world.tool.name))
  );
}

function describeOutcome(outcome: PageOutcome, path: string): string {
  if ('redirect' in outcome)
    return outcome.redirect === 'login'
      ? `redirect to /login?from=${path}`
      : 'redirect to /dashboard';
  if (outcome.status === 404) return '404';
  return `200 with heading "${outcome.heading.replace('{toolName}', world.tool.name)}"`;
}

test('every protected page answers every actor as the table says', async ({
  playwright,
  baseURL,
}) => {
  const differences: string[] = [];
  let cells = 0;
  for (const row of PAGE_ROWS) {
    const path = await row.resolve(world);
    for (const credential of credentials('page')) {
      cells++;
      const expected = row.expect[credential.column];
      const {
        status,
        location,
        text: html,
      } = await send(playwright, baseURL!, credential, 'GET', {
        path,
      });
      if (!matches(expected, path, status, location, html)) {
        differences.push(
          `${row.path} | ${credential.label}: expected ${describeOutcome(expected, path)}, got ${describeResponse(status, location, html)}`,
        );
      }
    }
  }
  expect(
    differences,
    `${differences.length} of ${cells} cells differ:\n${differences.join('\n')}`,
  ).toEqual([]);
});

test('the forged credentials fail for their flaw alone: the same claims signed with the server secret work', async ({
  playwright,
  baseURL,
}) => {
  const claims = decodeJwt(world.owner.token);
  // Genuine credentials carry the account's current session version, as the admin's own token does.
  const { sv } = decodeJwt(world.admin.token);
  const now = Math.floor(Date.now() / 1000);
  const genuine = await new SignJWT({
    ...claims,
    sub: world.admin.id,
    email: world.admin.email,
    sv,
    iat: now,
    exp: now + 600,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(secretKey(SERVER_AUTH_SECRET));
  const cookie = await encodeSessionCookie({
    token: { sub: world.admin.id, email: world.admin.email, name: 'Demo Admin', role: 'admin', sv },
    secret: SERVER_AUTH_SECRET,
    salt: SESSION_COOKIE,
  });
  const asToken = await send(
    playwright,
    baseURL!,
    { label: 'genuine', column: 'admin', headers: bearer(genuine) },
    'GET',
    {
      path: '/api/user',
    },
  );
  expect(
    asToken.status,
    'a correctly signed admin token (is SERVER_AUTH_SECRET the server secret?)',
  ).toBe(200);
  const asCookie = await send(
    playwright,
    baseURL!,
    {
      label: 'genuine cookie',
      column: 'admin',
      headers: { cookie: `${SESSION_COOKIE}=${cookie}` },
    },
    'GET',
    { path: '/api/user' },
  );
  expect(asCookie.status, 'a correctly encrypted admin session cookie').toBe(200);
});

test("a removed account's session cookie and bearer token grant nothing", async ({
  playwright,
  baseURL,
}) => {
  const victim = await newSignedIn(playwright, baseURL!, 'removed');
  contexts.push(victim.session);
  const self = `/api/user/${encodeURIComponent(victim.email)}`;
  expect((await victim.session.get(self)).status()).toBe(200);
  const removal = await world.admin.session.delete(`/api/user/${victim.id}`);
  expect(removal.status(), await bodyText(removal)).toBe(200);

  const withCookie = await victim.session.get(self);
  expect(withCookie.status()).toBe(401);
  const anonymous = await playwright.request.newContext({ baseURL });
  contexts.push(anonymous);
  const withToken = await anonymous.get(self, { headers: bearer(victim.token) });
  expect(withToken.status()).toBe(401);
  const order = await anonymous.post('/api/order', {
    headers: bearer(victim.token),
    data: { toolId: world.tool.id, quantity: 1, address: 'x', phone: 'y' },
  });
  expect(order.status()).toBe(401);
  const page = await victim.session.get('/dashboard', { maxRedirects: 0 });
  expect(page.status()).toBe(307);
  expect(new URL(page.headers()['location'] ?? '', baseURL).pathname).toBe('/login');
});
