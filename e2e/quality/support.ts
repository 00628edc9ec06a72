import { randomBytes } from 'node:crypto';
import {
  expect,
  type APIRequestContext,
  type APIResponse,
  type PlaywrightWorkerArgs,
} from '@playwright/test';
import { ADMIN, credentialsAccepted } from '../helpers';

/** The demo admin seeded into every fresh embedded database (lib/db/seed.ts). */
export const DEMO_ADMIN = ADMIN;

/** AUTH_SECRET of scripts/e2e-server.mjs and scripts/quality-server.mjs (override with QUALITY_AUTH_SECRET). */
export const SERVER_AUTH_SECRET =
  process.env.QUALITY_AUTH_SECRET ?? 'e2e-only-secret-0123456789-abcdefghijklmnopqrstuvwxyz';

/** Auth.js's session cookie name over plain http (the e2e servers run on http://localhost). */
export const SESSION_COOKIE = 'authjs.session-token';

const uniqueSuffix = () => `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;

export interface Account {
  label: string;
  name: string;
  email: string;
  password: string;
}

/** A signed-in account: its own cookie jar (session cookie), its bearer token and its user id. */
export interface SignedIn extends Account {
  id: string;
  /** Carries the session cookie; never an Authorization header. */
  session: APIRequestContext;
  token: string;
}

/** Whatever carries a signed-in cookie jar. */
export type WithSession = Pick<SignedIn, 'session'>;

export function newAccount(label: string): Account {
  const suffix = uniqueSuffix();
  return {
    label,
    name: `Quality ${label} ${suffix}`,
    email: `quality-${label}-${suffix}@example.com`,
    password: `pw-${suffix}`,
  };
}

const encodeSegment = (value: string) =>
  // Dots too: a client would otherwise resolve "." and ".." segments before sending the request.
  encodeURIComponent(value).replace(/\./g, '%2E');

export async function bodyText(response: APIResponse): Promise<string> {
  return (await response.text().catch(() => '<no body>')).slice(0, 300);
}

export async function signUp(request: APIRequestContext, account: Account): Promise<string> {
  const response = await request.post('/api/signup', {
    data: { name: account.name, email: account.email, password: account.password },
  });
  expect(response.status(), await bodyText(response)).toBe(201);
  return ((await response.json()) as { insertedId: string }).insertedId;
}

/** Signs a context in through Auth.js over HTTP (e2e/helpers.ts); the credentials callback sets the cookie. */
export async function signInOverHttp(
  context: APIRequestContext,
  email: string,
  password: string,
): Promise<void> {
  expect(await credentialsAccepted(context, email, password), `sign-in of ${email}`).toBe(true);
  const cookies = (await context.storageState()).cookies;
  expect(cookies.some((cookie) => cookie.name === SESSION_COOKIE)).toBe(true);
}

/** A new context with its own cookie jar, signed in as the account, plus its bearer token (PUT /api/user/{email}). */
export async function signIn(
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string,
  account: Account,
): Promise<SignedIn> {
  const session = await playwright.request.newContext({ baseURL });
  await signInOverHttp(session, account.email, account.password);
  const tokenResponse = await session.put(`/api/user/${encodeSegment(account.email)}`, {
    data: { email: account.email },
  });
  expect(tokenResponse.status(), await bodyText(tokenResponse)).toBe(200);
  const { token } = (await tokenResponse.json()) as { token: string };
  expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  const me = await session.get(`/api/user/${encodeSegment(account.email)}`);
  expect(me.status()).toBe(200);
  const { _id } = (await me.json()) as { _id: string };
  return { ...account, id: _id, session, token };
}

/** Creates the account and signs it in. */
export async function newSignedIn(
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string,
  label: string,
): Promise<SignedIn> {
  const account = newAccount(label);
  const anonymous = await playwright.request.newContext({ baseURL });
  await signUp(anonymous, account);
  await anonymous.dispose();
  return signIn(playwright, baseURL, account);
}

export async function signInDemoAdmin(
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string,
): Promise<SignedIn> {
  return signIn(playwright, baseURL, { label: 'admin', name: 'Demo Admin', ...DEMO_ADMIN });
}

interface ToolInput {
  name: string;
  about: string;
  price: number;
  quantity: number;
  min_quantity: number;
  image: string;
}

export function toolInput(label: string, overrides: Partial<ToolInput> = {}): ToolInput {
  return {
    name: `Quality ${label} ${uniqueSuffix()}`,
    about: 'A tool made by the quality suite; it is removed again when the suite is done with it.',
    price: 2.5,
    quantity: 100_000,
    min_quantity: 1,
    image: '/images/placeholder-tool.svg',
    ...overrides,
  };
}

export async function createTool(admin: WithSession, input: ToolInput): Promise<string> {
  const response = await admin.session.post('/api/tools', { data: input });
  expect(response.status(), await bodyText(response)).toBe(201);
  return ((await response.json()) as { insertedId: string }).insertedId;
}

export async function deleteTool(admin: WithSession, id: string): Promise<void> {
  const response = await admin.session.delete(`/api/tools/${id}`);
  expect([200, 404], await bodyText(response)).toContain(response.status());
}

export const ORDER_CONTACT = { address: '1 Quality Street, Testville', phone: '+1 555 0100' };

export async function placeOrder(
  customer: WithSession,
  toolId: string,
  quantity = 1,
): Promise<string> {
  const response = await customer.session.post('/api/order', {
    data: { toolId, quantity, ...ORDER_CONTACT },
  });
  expect(response.status(), await bodyText(response)).toBe(201);
  return ((await response.json()) as { insertedId: string }).insertedId;
}

/** The contract's error body: `{ error: { code, message } }` with a non-empty message. */
export function errorBodyProblem(text: string): string | null {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return `body is not JSON: ${JSON.stringify(text.slice(0, 120))}`;
  }
  const error = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  if (!error || typeof error !== 'object') return `no "error" object in ${text.slice(0, 120)}`;
  if (typeof error.code !== 'string' || error.code === '')
    return `no error.code in ${text.slice(0, 120)}`;
  if (typeof error.message !== 'string' || error.message.trim() === '')
    return `empty error.message in ${text.slice(0, 120)}`;
  return null;
}
