import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as companyPricesRoute from '@/app/api/companies/[id]/prices/route';
import * as resendRoute from '@/app/api/mail/[id]/resend/route';
import * as exportRoute from '@/app/api/order/export/route';
import * as orderRoute from '@/app/api/order/route';
import * as orderByKey from '@/app/api/order/[key]/route';
import * as shippedRoute from '@/app/api/order/shipped/[id]/route';
import * as shipmentsRoute from '@/app/api/checkout/[id]/shipments/route';
import * as invoicePaymentsRoute from '@/app/api/invoices/[number]/payments/route';
import * as quotesRoute from '@/app/api/quotes/route';
import * as quoteRoute from '@/app/api/quotes/[id]/route';
import * as quoteMessagesRoute from '@/app/api/quotes/[id]/messages/route';
import * as quoteWithdrawRoute from '@/app/api/quotes/[id]/withdraw/route';
import * as toolRoute from '@/app/api/tools/[id]/route';
import * as toolsRoute from '@/app/api/tools/route';
import * as userAdminRoute from '@/app/api/user/admin/[email]/route';
import * as userDisabledRoute from '@/app/api/user/disabled/[id]/route';
import * as userRoute from '@/app/api/user/[key]/route';
import * as termsRoute from '@/app/api/user/terms/[id]/route';
import * as companyTermsRoute from '@/app/api/companies/[id]/terms/route';
import { createCompany } from '@/lib/companies/create';
import { getDb } from '@/lib/db/client';
import { auditLog, companies, mailOutbox } from '@/lib/db/schema';
import { enqueueMail } from '@/lib/mail/outbox';
import type { AuditAction } from '@/lib/validation/audit';
import { actorOf, call, makeTool, makeUser, type TestUser } from './helpers';
import { checkout, invoiceOfCheckout, payCheckout, setLine } from './invoice-steps';
import { pay } from './order-steps';
import { picture, upload } from './upload-steps';

// Every admin action that changes data, or reads customers' data in bulk, is one audit entry. The handlers are found
// by reading app/api, so a new route fails here until it is either given a scenario below or named as no admin action.

const API = path.join(process.cwd(), 'app/api');

/** "METHOD /api/path" for every exported handler that changes data, plus the bulk reads named in BULK_READS. */
function writeHandlers(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSyncSorted(dir)) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === 'route.ts') {
        const source = readFileSync(full, 'utf8');
        const route = `/api/${path.relative(API, dir).split(path.sep).join('/')}`;
        for (const match of source.matchAll(
          /^export (?:const|async function) (POST|PUT|PATCH|DELETE)\b/gm,
        ))
          found.push(`${match[1]} ${route}`);
      }
    }
  };
  walk(API);
  return [...found, ...BULK_READS].sort();
}

const readdirSyncSorted = (dir: string) =>
  readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name));

/** Reads that hand an admin every customer's data at once. The paginated screens are the daily work, not logged. */
const BULK_READS = ['GET /api/order/export'];

/** Handlers that are no admin action, and why: each acts on the caller's own things, or is not an admin's to call. */
const NOT_ADMIN_ACTIONS: Record<string, string> = {
  'POST /api/[...path]': 'answers 404 for calls that do not exist',
  'PUT /api/[...path]': 'answers 404 for calls that do not exist',
  'PATCH /api/[...path]': 'answers 404 for calls that do not exist',
  'DELETE /api/[...path]': 'answers 404 for calls that do not exist',
  'DELETE /api/account': "closes the caller's own account",
  'PUT /api/cart/[toolId]': "the caller's own cart",
  'DELETE /api/cart/[toolId]': "the caller's own cart",
  'POST /api/cart/lines': "the caller's own cart",
  'POST /api/cart/order-again': "the caller's own cart",
  'POST /api/lists': "the caller's own saved lists",
  'PUT /api/lists/[id]': "the caller's own saved lists",
  'DELETE /api/lists/[id]': "the caller's own saved lists",
  'POST /api/lists/[id]/lines': "the caller's own saved lists",
  'POST /api/lists/[id]/cart': "the caller's own saved lists and cart",
  'POST /api/checkout': "the caller's own order",
  'PATCH /api/checkout/[id]': "paying is the order's owner's alone",
  'POST /api/checkout/[id]/approve':
    "a company approver's decision, audited as theirs (tests/approvals.test.ts); the shop may not make it",
  'POST /api/checkout/[id]/decline':
    "a company approver's decision, audited as theirs (tests/approvals.test.ts); the shop may not make it",
  'POST /api/create-payment-intent': "paying is the order's owner's alone",
  'POST /api/email-link': "the caller's own sign-in",
  'POST /api/order': "the caller's own order",
  'PATCH /api/order/[key]': "paying is the order's owner's alone",
  'POST /api/password/change': "the caller's own password",
  'POST /api/password/forgot': "the caller's own password",
  'POST /api/password/reset': "the caller's own password",
  'POST /api/payments/test/confirm': "the test gateway's card form, the payer's own",
  'POST /api/quotes': "the caller's own quote",
  'POST /api/quotes/[id]/accept': "the quote's customer's alone",
  'POST /api/quotes/[id]/decline': "the quote's customer's alone",
  'POST /api/reviews': "the caller's own review",
  'POST /api/signup': 'a new account',
  'POST /api/stripe/webhook': "the card gateway's, signed",
  'POST /api/two-factor': "the caller's own sign-in",
  'DELETE /api/two-factor': "the caller's own sign-in",
  'POST /api/two-factor/setup': "the caller's own sign-in",
  'POST /api/two-factor/verify': "the caller's own sign-in",
  'PUT /api/user/[key]': "the caller's own profile (nobody edits another's)",
  'PUT /api/user/company': "the caller's own company details (audited as company.details)",
  'POST /api/companies': "the caller's own new company (audited as company.create)",
  'POST /api/company/invitations': "a company owner's own company (audited as company.invite)",
  'POST /api/company/invitations/accept': 'the caller joining (audited as company.join)',
  'PUT /api/company/members/[userId]':
    "a company owner's own company (audited as company.member_update)",
  'DELETE /api/company/members/[userId]':
    "a company owner's own company (audited as company.member_remove)",
  'POST /api/company/addresses': "a company owner's own address book (audited as company.address)",
  'PUT /api/company/addresses': "a company owner's own address book (audited as company.address)",
  'PUT /api/company/addresses/[id]':
    "a company owner's own address book (audited as company.address)",
  'DELETE /api/company/addresses':
    "a company owner's own address book (audited as company.address)",
  'DELETE /api/company/addresses/[id]':
    "a company owner's own address book (audited as company.address)",
  'POST /api/company/api-keys': "a company owner's own API keys (audited as api_key.create)",
  'DELETE /api/company/api-keys/[id]': "a company owner's own API keys (audited as api_key.revoke)",
  'PUT /api/company/punchout': "a company owner's own punch-out (audited as punchout.settings)",
  'POST /api/company/punchout/credentials':
    "a company owner's own punch-out secrets (audited as punchout.credentials)",
  'POST /api/verify-email': "the caller's own address",
  'POST /api/verify-email/resend': "the caller's own address",
  'POST /api/auth/[...nextauth]':
    'sign-in; an admin sign-in has its own entry (tests/audit.test.ts)',
};

let admin: TestUser;
let customer: TestUser;
const IN_A_WEEK = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);

const asAdmin = (handler: unknown, options: Parameters<typeof call>[1]) =>
  call(handler, { token: admin.token, ...options });

async function placedOrder(): Promise<string> {
  const tool = await makeTool({ quantity: 500, minQuantity: 1 });
  const placed = await call<{ insertedId: string }>(orderRoute.POST, {
    method: 'POST',
    token: customer.token,
    body: { toolId: tool.id, quantity: 2, address: '1 Road', phone: '123' },
  });
  return placed.body.insertedId;
}

async function requestedQuote(): Promise<string> {
  const tool = await makeTool({ quantity: 500, minQuantity: 1 });
  const asked = await call<{ quoteId: string }>(quotesRoute.POST, {
    method: 'POST',
    token: customer.token,
    body: { lines: [{ toolId: tool.id, quantity: 900 }] },
  });
  return asked.body.quoteId;
}

/** What an admin does on each route, answering the call's status; the action its entry must carry. */
const ADMIN_ACTIONS: Record<string, { action: AuditAction; run: () => Promise<number> }> = {
  'POST /api/tools': {
    action: 'product.create',
    run: async () =>
      (
        await asAdmin(toolsRoute.POST, {
          method: 'POST',
          body: {
            name: 'Coverage Saw',
            about: 'Cuts',
            price: 10,
            quantity: 5,
            min_quantity: 1,
            image: '/images/tools/circular-saw.svg',
          },
        })
      ).status,
  },
  'PUT /api/tools/[id]': {
    action: 'product.restock',
    run: async () => {
      const tool = await makeTool();
      return (
        await asAdmin(toolRoute.PUT, {
          method: 'PUT',
          params: { id: tool.id },
          body: { newQuantity: 90 },
        })
      ).status;
    },
  },
  'DELETE /api/tools/[id]': {
    action: 'product.remove',
    run: async () => {
      const tool = await makeTool();
      return (await asAdmin(toolRoute.DELETE, { method: 'DELETE', params: { id: tool.id } }))
        .status;
    },
  },
  'POST /api/uploads': {
    action: 'photo.upload',
    run: async () => (await upload(await picture('png'), admin, 'photo.png', 'image/png')).status,
  },
  'PUT /api/user/admin/[email]': {
    action: 'user.make_admin',
    run: async () => {
      const user = await makeUser();
      return (await asAdmin(userAdminRoute.PUT, { method: 'PUT', params: { email: user.email } }))
        .status;
    },
  },
  'PUT /api/user/disabled/[id]': {
    action: 'user.disable',
    run: async () => {
      const user = await makeUser();
      return (
        await asAdmin(userDisabledRoute.PUT, {
          method: 'PUT',
          params: { id: user.id },
          body: { disabled: true },
        })
      ).status;
    },
  },
  'DELETE /api/user/[key]': {
    action: 'user.remove',
    run: async () => {
      const user = await makeUser();
      return (await asAdmin(userRoute.DELETE, { method: 'DELETE', params: { key: user.id } }))
        .status;
    },
  },
  'PUT /api/companies/[id]/prices': {
    action: 'company.prices',
    run: async () => {
      const [company] = await getDb()
        .insert(companies)
        .values({ name: 'Audited prices' })
        .returning();
      const tool = await makeTool();
      return (
        await asAdmin(companyPricesRoute.PUT, {
          method: 'PUT',
          params: { id: company!.id },
          body: { prices: [{ sku: tool.sku, price: 1 }], discountPercent: 3 },
        })
      ).status;
    },
  },
  'PUT /api/user/terms/[id]': {
    action: 'terms.grant',
    run: async () => {
      const user = await makeUser();
      return (
        await asAdmin(termsRoute.PUT, {
          method: 'PUT',
          params: { id: user.id },
          body: { netDays: 30, creditLimit: 5000 },
        })
      ).status;
    },
  },
  'PUT /api/companies/[id]/terms': {
    action: 'terms.grant',
    run: async () => {
      const user = await makeUser();
      const { companyId } = await createCompany(actorOf(user), { name: 'Audited company' });
      return (
        await asAdmin(companyTermsRoute.PUT, {
          method: 'PUT',
          params: { id: companyId },
          body: { netDays: 60, creditLimit: 9000 },
        })
      ).status;
    },
  },
  'PUT /api/order/shipped/[id]': {
    action: 'order.ship',
    run: async () => {
      const id = await placedOrder();
      await pay(customer, id);
      return (await asAdmin(shippedRoute.PUT, { method: 'PUT', params: { id } })).status;
    },
  },
  'POST /api/checkout/[id]/shipments': {
    action: 'order.shipment',
    run: async () => {
      const tool = await makeTool({ quantity: 100, minQuantity: 1 });
      await setLine(customer, tool.id, 5);
      const { checkoutId, orderIds } = (await checkout(customer)).body;
      await payCheckout(customer, checkoutId);
      const body = { lines: [{ orderId: orderIds[0], quantity: 5 }], trackingNumber: 'TRACK-1' };
      const answer = await asAdmin(shipmentsRoute.POST, {
        method: 'POST',
        params: { id: checkoutId },
        body,
      });
      return answer.status;
    },
  },
  'DELETE /api/order/[key]': {
    action: 'order.cancel',
    run: async () => {
      const id = await placedOrder();
      return (await asAdmin(orderByKey.DELETE, { method: 'DELETE', params: { key: id } })).status;
    },
  },
  'GET /api/order/export': {
    action: 'order.export',
    run: async () => {
      const answer = await asAdmin(exportRoute.GET, { path: '/api/order/export?status=unpaid' });
      return answer.status;
    },
  },
  'POST /api/invoices/[number]/payments': {
    action: 'payment.record',
    run: async () => {
      const buyer = await makeUser('customer', 'Coverage Buyer');
      await asAdmin(termsRoute.PUT, {
        method: 'PUT',
        params: { id: buyer.id },
        body: { netDays: 30, creditLimit: 5000 },
      });
      const tool = await makeTool({ quantity: 500, minQuantity: 1, priceCents: 1000 });
      await setLine(buyer, tool.id, 3);
      const placed = await checkout(buyer, { paymentMethod: 'invoice' });
      const invoice = await invoiceOfCheckout(placed.body.checkoutId);
      return (
        await asAdmin(invoicePaymentsRoute.POST, {
          method: 'POST',
          params: { number: invoice.number },
          body: { amount: 10, date: new Date().toISOString().slice(0, 10), reference: 'SEPA-1' },
        })
      ).status;
    },
  },
  'POST /api/mail/[id]/resend': {
    action: 'mail.resend',
    run: async () => {
      const id = await enqueueMail(getDb(), 'password_reset', 'someone@test.dev', {
        name: 'X',
        link: 'https://x.test/r',
      });
      await getDb().update(mailOutbox).set({ status: 'failed' }).where(eq(mailOutbox.id, id));
      return (await asAdmin(resendRoute.POST, { method: 'POST', params: { id } })).status;
    },
  },
  'PUT /api/quotes/[id]': {
    action: 'quote.answer',
    run: async () => {
      const id = await requestedQuote();
      const [line] = (
        await call<{ lines: { toolId: string }[] }>(quoteRoute.GET, {
          params: { id },
          token: admin.token,
        })
      ).body.lines;
      return (
        await asAdmin(quoteRoute.PUT, {
          method: 'PUT',
          params: { id },
          body: {
            lines: [{ toolId: line!.toolId, unitPrice: 7.5 }],
            leadTimeDays: 21,
            validUntil: IN_A_WEEK,
          },
        })
      ).status;
    },
  },
  'POST /api/quotes/[id]/withdraw': {
    action: 'quote.withdraw',
    run: async () => {
      const id = await requestedQuote();
      return (await asAdmin(quoteWithdrawRoute.POST, { method: 'POST', params: { id } })).status;
    },
  },
  'POST /api/quotes/[id]/messages': {
    action: 'quote.message',
    run: async () => {
      const id = await requestedQuote();
      return (
        await asAdmin(quoteMessagesRoute.POST, {
          method: 'POST',
          params: { id },
          body: { text: 'We can make these in three weeks.' },
        })
      ).status;
    },
  },
};

const entriesOf = async (action: AuditAction) => {
  const [row] = await getDb()
    .select({ n: count() })
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.actorId, admin.id)));
  return row?.n ?? 0;
};

beforeAll(async () => {
  admin = await makeUser('admin', 'Coverage Admin');
  customer = await makeUser('customer', 'Coverage Customer');
});

describe('the audit log covers every admin action', () => {
  it('knows every handler that changes data: an admin action with a scenario, or named as none', () => {
    const known = [...Object.keys(ADMIN_ACTIONS), ...Object.keys(NOT_ADMIN_ACTIONS)].sort();
    expect(writeHandlers()).toEqual(known);
  });

  it.each(Object.entries(ADMIN_ACTIONS))('%s writes one entry', async (_, { action, run }) => {
    const before = await entriesOf(action);
    expect(await run()).toBeLessThan(300);
    expect(await entriesOf(action)).toBe(before + 1);
  });
});
