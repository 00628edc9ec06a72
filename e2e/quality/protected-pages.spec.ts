import { expect, test, type APIRequestContext } from '@playwright/test';
import { encode } from 'next-auth/jwt';
import {
  ADMIN,
  createAccount,
  createTool,
  deleteTool,
  newUser,
  orderOver,
  requestLogIn,
  SESSION_COOKIE,
  toolInput,
} from '../helpers';

/**
 * Who sees which protected page, rendered by `next start` (proxy.ts and the pages' own guards): each signed-in
 * column by its session cookie, and a forged admin cookie that must fare like anonymous. The API routes' table is
 * tests/authorization-matrix.test.ts.
 */
type Column = 'anonymous' | 'owner' | 'other' | 'admin';
type Outcome = string | 'login' | 'dashboard' | 404;

const signedIn = (heading: string) => ({
  anonymous: 'login',
  owner: heading,
  other: heading,
  admin: heading,
});
const adminOnly = (heading: string) => ({
  anonymous: 'login',
  owner: 'dashboard',
  other: 'dashboard',
  admin: heading,
});

let ids: {
  toolId: string;
  toolName: string;
  orderId: string;
  quoteId: string;
  quote: string;
  listId: string;
};
const PAGES: [string, () => string, Record<Column, Outcome>][] = [
  ['/tools/{id}', () => `/tools/${ids.toolId}`, signedIn('{toolName}')],
  ['/addreview', () => '/addreview', signedIn('Add your Reviews')],
  ['/dashboard', () => '/dashboard', signedIn('My Profile')],
  ['/dashboard/myorder', () => '/dashboard/myorder', signedIn('My Orders')],
  // Everyone's own statement (or the page saying why there is none); another's account by `user=` is a 404.
  ['/dashboard/statement', () => '/dashboard/statement', signedIn('Account statement')],
  ['/dashboard/addreview', () => '/dashboard/addreview', signedIn('Add your Reviews')],
  [
    '/dashboard/payment/{id}',
    () => `/dashboard/payment/${ids.orderId}`,
    { anonymous: 'login', owner: 'Payment Process', other: 404, admin: 'Payment Process' },
  ],
  ['/dashboard/updateprofile', () => '/dashboard/updateprofile', signedIn('Update Profile')],
  ['/dashboard/manageproduct', () => '/dashboard/manageproduct', adminOnly('All Products')],
  ['/dashboard/manageorder', () => '/dashboard/manageorder', adminOnly('All Orders')],
  ['/dashboard/addproduct', () => '/dashboard/addproduct', adminOnly('Add New Product')],
  ['/dashboard/manageuser', () => '/dashboard/manageuser', adminOnly('All Users')],
  ['/dashboard/mail', () => '/dashboard/mail', adminOnly('Outgoing mail')],
  [
    '/dashboard/quotes',
    () => '/dashboard/quotes',
    { anonymous: 'login', owner: 'My Quotes', other: 'My Quotes', admin: 'Quotes' },
  ],
  // Another customer's quote is the not-found page: nothing confirms that it exists.
  [
    '/dashboard/quotes/{id}',
    () => `/dashboard/quotes/${ids.quoteId}`,
    { anonymous: 'login', owner: '{quote}', other: 404, admin: '{quote}' },
  ],
  ['/dashboard/lists', () => '/dashboard/lists', signedIn('My Lists')],
  // A saved list is its buyer's alone: anyone else, the admin too, gets the not-found page.
  [
    '/dashboard/lists/{id}',
    () => `/dashboard/lists/${ids.listId}`,
    { anonymous: 'login', owner: 'Protected list', other: 404, admin: 404 },
  ],
  // An account of no company sees the page that founds one; admins manage companies under Companies.
  ['/dashboard/company', () => '/dashboard/company', signedIn('Company')],
  ['/dashboard/company/join', () => '/dashboard/company/join?token=x', signedIn('Join a company')],
  ['/dashboard/companies', () => '/dashboard/companies', adminOnly('Companies')],
  ['/dashboard/analytics', () => '/dashboard/analytics', adminOnly('Sales analytics')],
  ['/dashboard/audit', () => '/dashboard/audit', adminOnly('Audit log')],
];

const contexts: Partial<Record<Column | 'forged', APIRequestContext>> = {};
let cleanup: () => Promise<void>;

test.beforeAll(async ({ playwright, baseURL }) => {
  const signedInContext = async (account: { email: string; password: string }) => {
    const context = await playwright.request.newContext({ baseURL });
    await requestLogIn(context, account.email, account.password);
    return context;
  };
  const admin = await signedInContext(ADMIN);
  contexts.admin = admin;
  for (const column of ['owner', 'other'] as const) {
    const account = newUser(column);
    contexts.anonymous ??= await playwright.request.newContext({ baseURL });
    await createAccount(contexts.anonymous, account);
    contexts[column] = await signedInContext(account);
  }
  const input = toolInput('protected pages');
  const toolId = await createTool({ session: admin }, input);
  const orderId = await orderOver(contexts.owner!, toolId);
  const asked = await contexts.owner!.post('/api/quotes', {
    data: { lines: [{ toolId, quantity: 5000 }], message: 'Protected pages' },
  });
  expect(asked.status(), await asked.text()).toBe(201);
  const quote = (await asked.json()) as { quoteId: string; number: number };
  const saved = await contexts.owner!.post('/api/lists', {
    data: { name: 'Protected list', lines: [{ toolId, quantity: 2 }] },
  });
  expect(saved.status(), await saved.text()).toBe(201);
  ids = {
    toolId,
    toolName: input.name,
    orderId,
    quoteId: quote.quoteId,
    quote: `Quote Q-${quote.number} Requested`,
    listId: ((await saved.json()) as { listId: string }).listId,
  };
  const me = await admin.get(`/api/user/${encodeURIComponent(ADMIN.email)}`);
  const forged = await encode({
    token: {
      sub: ((await me.json()) as { _id: string })._id,
      email: ADMIN.email,
      role: 'admin',
      sv: 0,
    },
    secret: 'not-the-server-secret-0123456789-abcdefghijklmnopqrstuvwxyz',
    salt: SESSION_COOKIE,
  });
  contexts.forged = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { cookie: `${SESSION_COOKIE}=${forged}` },
  });
  cleanup = () => deleteTool({ session: admin }, toolId);
});

test.afterAll(async () => {
  await cleanup?.();
  for (const context of Object.values(contexts)) await context.dispose();
});

/** The text of every h1 and h2 in server-rendered HTML (streamed parts included). */
const headings = (html: string) =>
  [...html.matchAll(/<h([12])\b[^>]*>([\s\S]*?)<\/h\1>/g)].map((match) =>
    match[2]!
      .replace(/<[^>]+>|<!-- -->/g, '')
      .replace(/&quot;/g, '"')
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/&amp;/g, '&')
      .replace(/\s+/g, ' ')
      .trim(),
  );

/** What a page answered, in the table's terms; a 200 as its headings. */
async function outcome(context: APIRequestContext, path: string): Promise<Outcome | string[]> {
  const response = await context.get(path, { maxRedirects: 0 });
  const location = response.headers()['location'];
  if (response.status() >= 300 && response.status() < 400 && location) {
    const target = new URL(location, 'http://localhost');
    if (target.pathname === '/dashboard') return 'dashboard';
    if (target.pathname === '/login' && target.searchParams.get('from') === path) return 'login';
    return `${response.status()} → ${location}`;
  }
  if (response.status() === 404) return 404;
  if (response.status() === 200) return headings(await response.text());
  return `${response.status()}`;
}

const CREDENTIALS: [string, Column | 'forged', Column][] = [
  ['anonymous', 'anonymous', 'anonymous'],
  ['owner', 'owner', 'owner'],
  ['other customer', 'other', 'other'],
  ['admin', 'admin', 'admin'],
  ['forged admin session cookie', 'forged', 'anonymous'],
];

for (const [label, path, expected] of PAGES) {
  test(`${label} answers every caller as the table says`, async () => {
    for (const [who, context, column] of CREDENTIALS) {
      const want = expected[column];
      const got = await outcome(contexts[context]!, path());
      if (want === 'login' || want === 'dashboard' || want === 404) expect(got, who).toBe(want);
      else
        expect(got, who).toContain(
          want.replace('{toolName}', ids.toolName).replace('{quote}', ids.quote),
        );
    }
  });
}

test("a removed account's session cookie opens no page", async ({ playwright, baseURL }) => {
  const account = newUser('removed');
  await createAccount(contexts.anonymous!, account);
  const victim = await playwright.request.newContext({ baseURL });
  await requestLogIn(victim, account.email, account.password);
  expect(await outcome(victim, '/dashboard')).toContain('My Profile');
  const me = await victim.get(`/api/user/${encodeURIComponent(account.email)}`);
  const removal = await contexts.admin!.delete(
    `/api/user/${((await me.json()) as { _id: string })._id}`,
  );
  expect(removal.status(), await removal.text()).toBe(200);
  expect(await outcome(victim, '/dashboard')).toBe('login');
  await victim.dispose();
});
