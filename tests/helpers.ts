import { randomUUID } from 'node:crypto';
import { encode } from 'next-auth/jwt';
import type { Actor } from '@/lib/auth/actor';
import { issueAccessToken } from '@/lib/auth/tokens';
import { getDb } from '@/lib/db/client';
import {
  checkouts,
  orders,
  tools,
  users,
  type NewOrder,
  type NewTool,
  type Order,
} from '@/lib/db/schema';
import type { Role } from '@/lib/types';
import { answerProblem } from './openapi-answers';

export interface TestUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  token: string;
}

export async function makeUser(
  role: Role = 'customer',
  name = `${role} ${randomUUID().slice(0, 6)}`,
): Promise<TestUser> {
  const email = `${role}-${randomUUID().slice(0, 8)}@test.dev`;
  const [user] = await getDb().insert(users).values({ name, email, role }).returning();
  return { id: user!.id, email, name, role, token: await issueAccessToken(user!.id, email, 0) };
}

/** Auth.js's session cookie name over plain http. */
export const SESSION_COOKIE = 'authjs.session-token';

/** The Cookie header of an Auth.js session carrying these claims. */
export const sessionCookie = async (
  token: Record<string, unknown>,
  secret = process.env.AUTH_SECRET!,
) => `${SESSION_COOKIE}=${await encode({ token, secret, salt: SESSION_COOKIE })}`;

/** The Cookie header of this user's browser session: signed in now, at session version 0, unless told. */
export const cookieOf = (user: TestUser, claims: { sv?: number; authAt?: number } = {}) =>
  sessionCookie({ sub: user.id, email: user.email, sv: 0, authAt: Date.now(), ...claims });

/** The actor a service sees for this user (a new account is at session version 0). */
export const actorOf = (user: TestUser): Actor => ({
  userId: user.id,
  email: user.email,
  name: user.name,
  role: user.role,
  sessionVersion: 0,
});

export async function makeTool(overrides: Partial<NewTool> = {}) {
  const [tool] = await getDb()
    .insert(tools)
    .values({
      name: `Tool ${randomUUID().slice(0, 8)}`,
      about: 'A sturdy test tool',
      priceCents: 1250,
      quantity: 100,
      minQuantity: 10,
      image: '/images/tools/claw-hammer.svg',
      ...overrides,
    })
    .returning();
  return tool!;
}

type Handler = (
  request: Request,
  context: { params: Promise<Record<string, string>> },
) => Promise<Response>;

interface CallOptions {
  method?: string;
  path?: string;
  params?: Record<string, string>;
  body?: unknown;
  /** sent as-is, e.g. malformed JSON */
  rawBody?: string;
  contentType?: string;
  token?: string;
  headers?: Record<string, string>;
}

export interface CallResult<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/** Runs a route handler in-process with a real Request, as Next would. */
export async function call<T = Record<string, unknown>>(
  handler: unknown,
  options: CallOptions = {},
): Promise<CallResult<T>> {
  const { method = 'GET', path = '/api/test', params = {}, body, rawBody, token } = options;
  // Each call from a client of its own unless the test names the address: per-address limits stay per test.
  const headers: Record<string, string> = {
    'x-forwarded-for': `198.18.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`,
    ...options.headers,
  };
  const payload = rawBody ?? (body === undefined ? undefined : JSON.stringify(body));
  if (payload !== undefined) headers['content-type'] = options.contentType ?? 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const request = new Request(`http://localhost${path}`, { method, headers, body: payload });
  const response = await (handler as Handler)(request, { params: Promise.resolve(params) });
  const text = await response.text();
  const contentType = response.headers.get('content-type') ?? 'json';
  const parsed = text && /json/.test(contentType) ? JSON.parse(text) : text || null;
  // The answer must be the one the OpenAPI document describes (tests/openapi-answers.ts).
  const problem = await answerProblem(handler, response.status, parsed, contentType);
  if (problem) throw new Error(`Answer off the OpenAPI document: ${problem}`);
  return { status: response.status, body: parsed as T, headers: response.headers };
}

export type ErrorBody = {
  error: { code: string; message: string; fields?: Record<string, string> };
};

/** What is wrong with an error answer's body, against the contract's `{ error: { code, message } }`, or null. */
export function errorBodyProblem(body: unknown): string | null {
  const error = (body as Partial<ErrorBody> | null)?.error;
  if (!error || typeof error !== 'object') return `no "error" object in ${JSON.stringify(body)}`;
  if (typeof error.code !== 'string' || error.code === '') return 'no error.code';
  if (typeof error.message !== 'string' || error.message.trim() === '')
    return 'empty error.message';
  return null;
}

type LineValues = Omit<NewOrder, 'checkoutId' | 'checkoutNumber'>;

/**
 * An order written directly in a given state, as an order document of one line (the document's buyer, total and
 * payment copied from the line), for tests that need an order without placing it.
 */
export async function insertOrderLine(values: LineValues): Promise<Order> {
  const db = getDb();
  const [document] = await db
    .insert(checkouts)
    .values({
      userId: values.userId ?? null,
      email: values.email,
      userName: values.userName,
      address: values.address,
      phone: values.phone,
      totalCents: values.totalCents,
      transactionId: values.paid ? (values.transactionId ?? `tx-${randomUUID()}`) : null,
      ...(values.createdAt && { createdAt: values.createdAt }),
    })
    .returning();
  const [line] = await db
    .insert(orders)
    .values({ ...values, checkoutId: document!.id, checkoutNumber: document!.number })
    .returning();
  return line!;
}
