import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import {
  ADMIN,
  createAccount,
  createTool,
  deleteTool,
  newUser,
  requestLogIn,
  signInDemoAdmin,
  toolInput,
  type TestUser,
} from '../helpers';

/**
 * axe-core (WCAG 2.0/2.1 A and AA rules) on every page, as the visitor who can see it, at phone and desktop widths.
 * Fails on any violation of impact "serious" or "critical".
 */

type Who = 'signed out' | 'customer' | 'admin';

interface PageCase {
  name: string;
  who: Who;
  path: (ids: Ids) => string;
}

interface Ids {
  toolId: string;
  orderId: string;
  listId: string;
}

const PAGES: PageCase[] = [
  { name: 'home', who: 'signed out', path: () => '/' },
  { name: 'catalogue', who: 'signed out', path: () => '/tools' },
  { name: 'blog', who: 'signed out', path: () => '/blog' },
  { name: 'portfolio', who: 'signed out', path: () => '/portfolio' },
  { name: 'login', who: 'signed out', path: () => '/login' },
  { name: 'sign up', who: 'signed out', path: () => '/signup' },
  { name: 'forgot password', who: 'signed out', path: () => '/forgot-password' },
  { name: 'reset password', who: 'signed out', path: () => '/reset-password' },
  { name: 'verify email', who: 'signed out', path: () => '/verify-email' },
  { name: 'not found', who: 'signed out', path: () => '/no-such-page' },
  { name: 'cart (signed out)', who: 'signed out', path: () => '/cart' },
  { name: 'quick order (signed out)', who: 'signed out', path: () => '/quick-order' },
  { name: 'product page', who: 'signed out', path: () => '/products/DR-1850' },
  { name: 'product page (signed in)', who: 'customer', path: () => '/products/DR-1850' },
  { name: 'my lists', who: 'customer', path: () => '/dashboard/lists' },
  { name: 'list', who: 'customer', path: ({ listId }) => `/dashboard/lists/${listId}` },
  { name: 'home (signed in)', who: 'customer', path: () => '/' },
  { name: 'tool', who: 'customer', path: ({ toolId }) => `/tools/${toolId}` },
  { name: 'add review', who: 'customer', path: () => '/addreview' },
  { name: 'my profile', who: 'customer', path: () => '/dashboard' },
  { name: 'my orders', who: 'customer', path: () => '/dashboard/myorder' },
  { name: 'account statement', who: 'customer', path: () => '/dashboard/statement' },
  { name: 'dashboard add review', who: 'customer', path: () => '/dashboard/addreview' },
  { name: 'payment', who: 'customer', path: ({ orderId }) => `/dashboard/payment/${orderId}` },
  { name: 'update profile', who: 'customer', path: () => '/dashboard/updateprofile' },
  { name: 'manage products', who: 'admin', path: () => '/dashboard/manageproduct' },
  { name: 'manage orders', who: 'admin', path: () => '/dashboard/manageorder' },
  { name: 'add product', who: 'admin', path: () => '/dashboard/addproduct' },
  { name: 'manage users', who: 'admin', path: () => '/dashboard/manageuser' },
  { name: 'outgoing mail', who: 'admin', path: () => '/dashboard/mail' },
  { name: 'sales analytics', who: 'admin', path: () => '/dashboard/analytics' },
  { name: 'audit log', who: 'admin', path: () => '/dashboard/audit' },
];

const VIEWPORTS = [
  { label: 'phone', viewport: { width: 375, height: 740 } },
  { label: 'desktop', viewport: { width: 1280, height: 800 } },
];

// Independent page checks: spread them over the workers. Traces off: the violation list says what is wrong.
test.describe.configure({ mode: 'parallel' });
test.use({ trace: 'off' });

let customer: TestUser;
let ids: Ids;
let cleanup: (() => Promise<void>) | undefined;

test.beforeAll(async ({ playwright, baseURL }) => {
  const admin = await signInDemoAdmin(playwright, baseURL!);
  const toolId = await createTool(admin, toolInput('accessibility tool'));
  customer = newUser('a11y');
  const context = await playwright.request.newContext({ baseURL });
  await createAccount(context, customer);
  await requestLogIn(context, customer.email, customer.password);
  // One unpaid order: "My Orders" has a row with its Pay and Cancel buttons, the payment page has its card form.
  const order = await context.post('/api/order', {
    data: { toolId, quantity: 1, address: '1 Access Road', phone: '+1 555 0101' },
  });
  expect(order.status()).toBe(201);
  // One saved list with a line: its page has the ticks, quantities and buttons.
  const list = await context.post('/api/lists', {
    data: { name: 'Accessible list', lines: [{ toolId, quantity: 2 }] },
  });
  expect(list.status()).toBe(201);
  ids = {
    toolId,
    orderId: ((await order.json()) as { insertedId: string }).insertedId,
    listId: ((await list.json()) as { listId: string }).listId,
  };
  await context.dispose();
  cleanup = async () => {
    await deleteTool(admin, toolId);
    await admin.session.dispose();
  };
});

test.afterAll(async () => {
  await cleanup?.();
});

async function signInPage(page: Page, who: Who) {
  if (who === 'signed out') return;
  const account = who === 'admin' ? ADMIN : customer;
  // page.request shares the browser context's cookies: the session cookie it gets signs the page in.
  await requestLogIn(page.request, account.email, account.password);
}

/** Waits until the page and its client lists have loaded (no loading dots left). */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.loading-dots, .loading')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByRole('status', { name: 'Loading' })).toHaveCount(0);
}

interface AxeNode {
  target: unknown[];
  failureSummary?: string;
  html: string;
}

function describeViolations(
  violations: {
    id: string;
    impact?: string | null;
    help: string;
    helpUrl: string;
    nodes: AxeNode[];
  }[],
) {
  return violations
    .map((violation) =>
      [
        `[${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})`,
        ...violation.nodes.map(
          (node) =>
            `    at ${node.target.map(String).join(' ')}\n      ${node.html.slice(0, 200)}\n      ${(node.failureSummary ?? '').replace(/\n/g, '\n      ')}`,
        ),
      ].join('\n'),
    )
    .join('\n');
}

for (const { label, viewport } of VIEWPORTS) {
  test.describe(`${label} ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    for (const entry of PAGES) {
      test(`${entry.name} (${entry.who}) has no serious or critical axe violations`, async ({
        page,
      }) => {
        await signInPage(page, entry.who);
        const path = entry.path(ids);
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(entry.name === 'not found' ? 404 : 200);
        expect(new URL(page.url()).pathname).toBe(path);
        await settle(page);

        const results = await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
          .analyze();
        const serious = results.violations.filter(
          (violation) => violation.impact === 'serious' || violation.impact === 'critical',
        );
        const minor = results.violations.filter((violation) => !serious.includes(violation));
        if (minor.length > 0) {
          test.info().annotations.push({
            type: 'minor axe findings',
            description: describeViolations(minor),
          });
        }
        expect(
          serious,
          `${path} (${entry.who}, ${label}):\n${describeViolations(serious)}`,
        ).toEqual([]);
      });
    }
  });
}
