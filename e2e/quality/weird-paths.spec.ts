import { expect, test, type APIRequestContext } from '@playwright/test';
import { RAW_SEGMENTS, weirdIdSegments } from '../../tests/bad-inputs';
import {
  createTool,
  deleteTool,
  newSignedIn,
  orderOver,
  signInDemoAdmin,
  toolInput,
  type SignedIn,
} from '../helpers';

/**
 * What only the server's router sees: path segments that are not valid percent-encoding never reach a route
 * handler (tests/malformed-input.test.ts sends the rest through the handlers), and pages with a path parameter.
 * No answer is a server error; an API's 4xx is the contract's JSON error; no write is accepted.
 */
const undecodable = RAW_SEGMENTS.filter((segment) => {
  try {
    decodeURIComponent(segment);
    return false;
  } catch {
    return true;
  }
});

const API_PREFIXES = [
  ['GET', '/api/tools/'],
  ['PUT', '/api/tools/'],
  ['DELETE', '/api/tools/'],
  ['GET', '/api/order/'],
  ['PATCH', '/api/order/'],
  ['DELETE', '/api/order/'],
  ['GET', '/api/orders/'],
  ['PUT', '/api/order/shipped/'],
  ['GET', '/api/user/'],
  ['PUT', '/api/user/'],
  ['DELETE', '/api/user/'],
  ['GET', '/api/user/admin/'],
  ['PUT', '/api/user/admin/'],
] as const;

let admin: SignedIn;
let owner: SignedIn;
let toolId: string;

test.use({ trace: 'off' });
test.beforeAll(async ({ playwright, baseURL }) => {
  admin = await signInDemoAdmin(playwright, baseURL!);
  owner = await newSignedIn(playwright, baseURL!, 'weird-paths');
  toolId = await createTool(admin, toolInput('weird paths'));
  await orderOver(owner.session, toolId);
});

test.afterAll(async () => {
  await deleteTool(admin, toolId);
  for (const context of [admin.session, owner.session]) await context.dispose();
});

/** What is wrong with an error answer against the contract's `{ error: { code, message } }`, or null. */
function errorBodyProblem(text: string): string | null {
  let error: { code?: unknown; message?: unknown } | undefined;
  try {
    error = (JSON.parse(text) as { error?: typeof error } | null)?.error;
  } catch {
    return `body is not JSON: ${JSON.stringify(text.slice(0, 120))}`;
  }
  if (!error || typeof error !== 'object') return `no "error" object in ${text.slice(0, 120)}`;
  if (typeof error.code !== 'string' || error.code === '')
    return `no error.code in ${text.slice(0, 120)}`;
  if (typeof error.message !== 'string' || error.message.trim() === '')
    return `empty error.message in ${text.slice(0, 120)}`;
  return null;
}

async function problems(context: APIRequestContext, method: string, paths: string[], api: boolean) {
  const found: string[] = [];
  for (const path of paths) {
    const response = await context.fetch(path, { method, maxRedirects: 0, data: {} });
    const status = response.status();
    const where = `${method} ${path.slice(0, 90)}`;
    if (status >= 500) found.push(`${where}: ${status}`);
    else if (api && status >= 400) {
      const problem = errorBodyProblem(await response.text());
      if (problem) found.push(`${where}: ${status} ${problem}`);
    } else if (method !== 'GET' && status < 300) found.push(`${where}: accepted with ${status}`);
  }
  return found;
}

test('API routes refuse path segments that are not valid percent-encoding', async () => {
  expect(undecodable.length).toBeGreaterThan(5);
  const found: string[] = [];
  for (const [method, prefix] of API_PREFIXES) {
    const paths = undecodable.map((segment) => `${prefix}${segment}`);
    found.push(...(await problems(admin.session, method, paths, true)));
  }
  expect(found, found.join('\n')).toEqual([]);
});

test('the pages with a path parameter answer weird ids without a server error', async () => {
  test.setTimeout(240_000);
  const paths = ['/tools/', '/dashboard/payment/'].flatMap((prefix) =>
    weirdIdSegments(220, 4_242).map((segment) => `${prefix}${segment}`),
  );
  const found = await problems(owner.session, 'GET', paths, false);
  expect(found, found.join('\n')).toEqual([]);
});
