import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as approveRoute from '@/app/api/checkout/[id]/approve/route';
import * as declineRoute from '@/app/api/checkout/[id]/decline/route';
import * as intentRoute from '@/app/api/create-payment-intent/route';
import * as orderRoute from '@/app/api/order/route';
import * as acceptRoute from '@/app/api/quotes/[id]/accept/route';
import * as oneQuote from '@/app/api/quotes/[id]/route';
import * as quotesRoute from '@/app/api/quotes/route';
import { getDb } from '@/lib/db/client';
import {
  auditLog,
  checkouts,
  companies,
  companyMembers,
  invoices,
  mailOutbox,
  orders,
  tools,
  type CompanyRole,
} from '@/lib/db/schema';
import { renderMail } from '@/lib/mail/render';
import { expireApprovals } from '@/lib/orders/approval-expiry';
import { call, makeTool, makeUser, type ErrorBody, type TestUser } from './helpers';
import { checkout, payCheckout, setLine } from './invoice-steps';
import { companyOfUser } from './companies-fixtures';

// A company's buyer above their spending limit: the order waits for an approver or owner, who approves it (it goes
// on to its payment or its invoice) or declines it (stock back), or it expires after 72 hours.

interface Company {
  id: string;
  owner: TestUser;
  approver: TestUser;
  /** limited to $1,000 */
  buyer: TestUser;
  /** a buyer without a limit of their own */
  freeBuyer: TestUser;
}

const LIMIT_CENTS = 100_000;

async function join(companyId: string, role: CompanyRole, spendingLimitCents: number | null) {
  const user = await makeUser('customer', `${role} ${Math.random().toString(36).slice(2, 7)}`);
  await getDb()
    .insert(companyMembers)
    .values({ userId: user.id, companyId, role, spendingLimitCents });
  return user;
}

async function makeCompany(): Promise<Company> {
  const owner = await makeUser('customer', 'Olive Owner');
  const { id } = await companyOfUser(owner.id);
  return {
    id,
    owner,
    approver: await join(id, 'approver', null),
    buyer: await join(id, 'buyer', LIMIT_CENTS),
    freeBuyer: await join(id, 'buyer', null),
  };
}

let admin: TestUser;
let stranger: TestUser;
/** $10 a piece, no VAT: 100 pieces are $1,000 */
let tool: { id: string };

beforeAll(async () => {
  admin = await makeUser('admin');
  stranger = await makeUser();
  tool = await makeTool({ priceCents: 1000, quantity: 1_000_000, minQuantity: 1 });
});

type Answer = ErrorBody & {
  checkoutId: string;
  number: number;
  status: string;
  total?: number;
  invoiceNumber: string | null;
};

/** The cart holds `dollars` worth of the $10 tool, then it is checked out. */
async function buy(user: TestUser, dollars: number, body: Record<string, unknown> = {}) {
  expect((await setLine(user, tool.id, dollars / 10)).status).toBe(200);
  return (await checkout(user, body)) as unknown as { status: number; body: Answer };
}

const decide = (
  action: 'approve' | 'decline',
  user: TestUser | undefined,
  id: string,
  body: unknown = {},
) =>
  call<Answer>(action === 'approve' ? approveRoute.POST : declineRoute.POST, {
    method: 'POST',
    params: { id },
    body,
    token: user?.token,
  });

const checkoutRow = async (id: string) =>
  (await getDb().select().from(checkouts).where(eq(checkouts.id, id)))[0];
const stock = async () =>
  (await getDb().select().from(tools).where(eq(tools.id, tool.id)))[0]!.quantity;
const mailsOf = async (kind: string, checkoutId: string) =>
  (await getDb().select().from(mailOutbox).where(eq(mailOutbox.kind, kind))).filter(
    (mail) => mail.data.checkoutId === checkoutId,
  );
const auditOf = (target: number) =>
  getDb()
    .select()
    .from(auditLog)
    .where(eq(auditLog.target, `order C-${target}`));

describe('a buyer above their spending limit', () => {
  it('places the order as awaiting approval: stock held, nothing payable or invoiced, approvers mailed', async () => {
    const company = await makeCompany();
    const before = await stock();
    const { status, body } = await buy(company.buyer, 3000);
    expect(status).toBe(202);
    expect(body).toEqual({
      checkoutId: expect.any(String),
      number: expect.any(Number),
      status: 'awaiting_approval',
    });
    expect(await stock()).toBe(before - 300);
    const row = await checkoutRow(body.checkoutId);
    expect(row).toMatchObject({
      approval: 'awaiting',
      approvalPaysBy: 'card',
      companyId: company.id,
    });
    const hours = (row!.approvalExpiresAt!.getTime() - row!.createdAt.getTime()) / 3_600_000;
    expect(hours).toBeCloseTo(72, 1);

    const intent = await call<ErrorBody>(intentRoute.POST, {
      method: 'POST',
      body: { checkoutId: body.checkoutId },
      token: company.buyer.token,
    });
    expect(intent.status).toBe(409);
    expect(intent.body.error.message).toMatch(/awaiting approval/);
    expect(
      await getDb().select().from(invoices).where(eq(invoices.checkoutId, body.checkoutId)),
    ).toEqual([]);

    const [placed] = await mailsOf('checkout_placed', body.checkoutId);
    expect(placed).toMatchObject({
      recipient: company.buyer.email,
      data: { awaitingApproval: true },
    });
    const rendered = await renderMail(placed!.kind, placed!.data);
    expect(rendered.subject).toContain('Awaiting approval');
    expect(rendered.text).not.toContain('Pay now');
    const asked = await mailsOf('approval_requested', body.checkoutId);
    expect(asked.map((mail) => mail.recipient).sort()).toEqual(
      [company.owner.email, company.approver.email].sort(),
    );
    expect(asked[0]!.data.link).toMatch(new RegExp(`/checkout/${body.checkoutId}$`));

    // All Orders finds it under "Awaiting approval", not under "Unpaid".
    const listed = async (status: string) =>
      (
        await call<{ checkoutId: string }[]>(orderRoute.GET, {
          path: `/api/order?status=${status}&limit=100`,
          token: admin.token,
        })
      ).body.map((line) => line.checkoutId);
    expect(await listed('awaiting-approval')).toContain(body.checkoutId);
    expect(await listed('unpaid')).not.toContain(body.checkoutId);
    expect((await renderMail('approval_requested', asked[0]!.data)).text).toContain('Review order');
  });

  it('counts the buyer’s orders of the last 24 hours together: splitting one order does not pass the limit', async () => {
    const company = await makeCompany();
    expect((await buy(company.buyer, 600)).status).toBe(201);
    expect((await buy(company.buyer, 500)).status).toBe(202);
    // The waiting one is not spent on the buyer's own authority: $600 + $300 fits.
    expect((await buy(company.buyer, 300)).status).toBe(201);
    expect((await buy(company.buyer, 200)).status).toBe(202);
    // Orders older than the window no longer count.
    await getDb()
      .update(checkouts)
      .set({ createdAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(checkouts.userId, company.buyer.id));
    expect((await buy(company.buyer, 1000)).status).toBe(201);
  });

  it('holds an order of one tool (POST /api/order) to the same limit, also when many arrive at once', async () => {
    const company = await makeCompany();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        call<{ checkoutId: string }>(orderRoute.POST, {
          method: 'POST',
          body: { toolId: tool.id, quantity: 30, address: '1 Dock Rd', phone: '+1 555 0100' },
          token: company.buyer.token,
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(201));
    const rows = await getDb()
      .select()
      .from(checkouts)
      .where(eq(checkouts.userId, company.buyer.id));
    // $300 each against $1,000: three on the buyer's own authority, the other seven wait.
    expect(rows.filter((row) => row.approval === null)).toHaveLength(3);
    expect(rows.filter((row) => row.approval === 'awaiting')).toHaveLength(7);
  });

  it('holds a quote the buyer accepts above their limit, answering 202 as a checkout does', async () => {
    const company = await makeCompany();
    const asked = await call<{ quoteId: string }>(quotesRoute.POST, {
      method: 'POST',
      body: { lines: [{ toolId: tool.id, quantity: 200 }] },
      token: company.buyer.token,
    });
    expect(asked.status).toBe(201);
    const id = asked.body.quoteId;
    const answered = await call(oneQuote.PUT, {
      method: 'PUT',
      params: { id },
      body: {
        lines: [{ toolId: tool.id, unitPrice: 10 }],
        leadTimeDays: 7,
        validUntil: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
      },
      token: admin.token,
    });
    expect(answered.status).toBe(200);
    const accepted = await call<Answer>(acceptRoute.POST, {
      method: 'POST',
      params: { id },
      body: { address: '1 Main Street, Springfield', phone: '+1 555 0100' },
      token: company.buyer.token,
    });
    expect(accepted.status).toBe(202);
    expect(accepted.body).toMatchObject({ status: 'awaiting_approval' });
    const [held] = await getDb()
      .select()
      .from(checkouts)
      .where(eq(checkouts.id, accepted.body.checkoutId));
    expect(held!.approval).toBe('awaiting');
  });

  it('leaves owners, approvers and buyers without a limit unlimited', async () => {
    const company = await makeCompany();
    for (const user of [company.owner, company.approver, company.freeBuyer])
      expect((await buy(user, 5000)).status).toBe(201);
  });
});

describe('approving and declining', () => {
  it('lets an approver approve: the buyer is mailed and pays by card; audited as the approver', async () => {
    const company = await makeCompany();
    const { body } = await buy(company.buyer, 3000);
    const approved = await decide('approve', company.approver, body.checkoutId);
    expect(approved.status).toBe(200);
    expect(approved.body).toEqual({
      checkoutId: body.checkoutId,
      number: body.number,
      status: 'approved',
      invoiceNumber: null,
    });
    expect(await checkoutRow(body.checkoutId)).toMatchObject({
      approval: 'approved',
      approvedBy: company.approver.id,
      approvedAt: expect.any(Date),
    });
    const [audit] = await auditOf(body.number);
    expect(audit).toMatchObject({
      action: 'order.approve',
      actorId: company.approver.id,
      before: { approval: 'awaiting', buyer: company.buyer.email, totalCents: 300_000 },
      after: { approval: 'approved', reason: null },
    });
    const [mail] = await mailsOf('checkout_approved', body.checkoutId);
    expect(mail).toMatchObject({ recipient: company.buyer.email });
    expect((await renderMail(mail!.kind, mail!.data)).text).toContain('Pay now');
    await payCheckout(company.buyer, body.checkoutId);
    const lines = await getDb().select().from(orders).where(eq(orders.checkoutId, body.checkoutId));
    expect(lines.every((line) => line.paid)).toBe(true);
    // Decided once: a second approval or a decline finds nothing waiting.
    expect((await decide('approve', company.owner, body.checkoutId)).status).toBe(409);
    expect((await decide('decline', company.owner, body.checkoutId)).status).toBe(409);
  });

  it('lets the owner decline with a reason: the order is cancelled, its stock back, the buyer told why', async () => {
    const company = await makeCompany();
    const before = await stock();
    const { body } = await buy(company.buyer, 2000);
    const declined = await decide('decline', company.owner, body.checkoutId, {
      reason: '  Not this quarter  ',
    });
    expect(declined.status).toBe(200);
    expect(declined.body.status).toBe('cancelled');
    expect(await stock()).toBe(before);
    expect(await checkoutRow(body.checkoutId)).toBeUndefined();
    const [mail] = await mailsOf('checkout_cancelled', body.checkoutId);
    expect(mail!.data).toMatchObject({ by: 'approver', reason: 'Not this quarter' });
    expect((await renderMail(mail!.kind, mail!.data)).text).toContain('Not this quarter');
    const [audit] = await auditOf(body.number);
    expect(audit).toMatchObject({
      action: 'order.decline',
      actorId: company.owner.id,
      after: { approval: 'declined', reason: 'Not this quarter' },
    });
  });

  it('refuses everyone else: the buyer themselves, another buyer, a stranger, an admin, nobody', async () => {
    const company = await makeCompany();
    const { body } = await buy(company.buyer, 3000);
    for (const action of ['approve', 'decline'] as const) {
      expect((await decide(action, undefined, body.checkoutId)).status).toBe(401);
      const own = await decide(action, company.buyer, body.checkoutId);
      expect(own.status).toBe(403);
      expect(own.body.error.message).toBe('You can not approve your own order');
      expect((await decide(action, company.freeBuyer, body.checkoutId)).status).toBe(403);
      expect((await decide(action, admin, body.checkoutId)).status).toBe(403);
      expect((await decide(action, stranger, body.checkoutId)).status).toBe(404);
      expect((await decide(action, company.owner, 'not-an-id')).status).toBe(404);
    }
    // An approver of another company: not theirs to see.
    const other = await makeCompany();
    expect((await decide('approve', other.approver, body.checkoutId)).status).toBe(404);
    const bad = await decide('decline', company.owner, body.checkoutId, {
      reason: 'x'.repeat(501),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('reason must be 500 characters or fewer');
    expect((await decide('approve', company.owner, body.checkoutId, { status: 'x' })).status).toBe(
      400,
    );
    expect(await checkoutRow(body.checkoutId)).toMatchObject({ approval: 'awaiting' });
    expect(await auditOf(body.number)).toEqual([]);
  });

  it('refuses to approve an order that never waited', async () => {
    const company = await makeCompany();
    const { body } = await buy(company.buyer, 100);
    expect((await decide('approve', company.owner, body.checkoutId)).status).toBe(409);
  });

  it('lets exactly one of 20 concurrent approvals and declines win', async () => {
    const company = await makeCompany();
    const before = await stock();
    const { body } = await buy(company.buyer, 3000);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        decide(
          index % 2 ? 'approve' : 'decline',
          index % 4 < 2 ? company.owner : company.approver,
          body.checkoutId,
        ),
      ),
    );
    const won = answers.filter((answer) => answer.status === 200);
    expect(won).toHaveLength(1);
    // The losers: 409 when they found it still waiting and lost the write; once a decline won the order is gone, so
    // a later reader finds nothing (404), as for any cancelled order.
    const lost = answers.filter((answer) => answer.status !== 200).map((answer) => answer.status);
    expect(lost).toHaveLength(19);
    expect(lost.every((code) => code === 409 || code === 404)).toBe(true);
    if (won[0]!.body.status === 'approved') expect(lost).toEqual(Array(19).fill(409));
    expect(await auditOf(body.number)).toHaveLength(1);
    const row = await checkoutRow(body.checkoutId);
    if (won[0]!.body.status === 'approved') {
      expect(row?.approval).toBe('approved');
      expect(await stock()).toBe(before - 300);
    } else {
      expect(row).toBeUndefined();
      expect(await stock()).toBe(before);
    }
  });
});

describe('on the company’s terms', () => {
  async function onTerms(creditLimitCents: number) {
    const company = await makeCompany();
    await getDb()
      .update(companies)
      .set({ netDays: 30, creditLimitCents })
      .where(eq(companies.id, company.id));
    return company;
  }
  const invoicesOf = (checkoutId: string) =>
    getDb()
      .select()
      .from(invoices)
      .where(and(eq(invoices.checkoutId, checkoutId), eq(invoices.kind, 'invoice')));

  it('invoices a buyer’s order within both limits at once, the placed mail carrying the invoice', async () => {
    const company = await onTerms(500_000);
    const { status, body } = await buy(company.buyer, 800, { paymentMethod: 'invoice' });
    expect(status).toBe(201);
    const [invoice] = await invoicesOf(body.checkoutId);
    expect(invoice).toMatchObject({ method: 'invoice', totalCents: 80_000 });
    const [mail] = await mailsOf('checkout_placed', body.checkoutId);
    expect(mail!.data).toMatchObject({ invoiceNumber: invoice!.number });
  });

  it('holds a buyer’s order above the credit left, invoices it on approval once the credit fits', async () => {
    const company = await onTerms(500_000);
    // The owner places above the credit left: refused as before.
    const refused = await buy(company.owner, 6000, { paymentMethod: 'invoice' });
    expect(refused.status).toBe(409);
    await setLine(company.owner, tool.id, 0);
    const { status, body } = await buy(company.freeBuyer, 6000, { paymentMethod: 'invoice' });
    expect(status).toBe(202);
    expect(await checkoutRow(body.checkoutId)).toMatchObject({ approvalPaysBy: 'invoice' });
    expect(await invoicesOf(body.checkoutId)).toEqual([]);
    const [placed] = await mailsOf('checkout_placed', body.checkoutId);
    expect(placed!.data.invoiceNumber).toBeUndefined();
    // Still above the credit: the approval is refused and the order keeps waiting.
    const early = await decide('approve', company.approver, body.checkoutId);
    expect(early.status).toBe(409);
    expect(early.body.error.message).toMatch(/remaining credit/);
    expect(await checkoutRow(body.checkoutId)).toMatchObject({ approval: 'awaiting' });
    await getDb()
      .update(companies)
      .set({ creditLimitCents: 1_000_000 })
      .where(eq(companies.id, company.id));
    const approved = await decide('approve', company.approver, body.checkoutId);
    expect(approved.status).toBe(200);
    const [invoice] = await invoicesOf(body.checkoutId);
    expect(approved.body.invoiceNumber).toBe(invoice!.number);
    expect(invoice).toMatchObject({ method: 'invoice', totalCents: 600_000, status: 'open' });
    const [mail] = await mailsOf('checkout_approved', body.checkoutId);
    expect(mail!.data).toMatchObject({ invoiceNumber: invoice!.number });
  });
});

describe('the expiry job', () => {
  it('cancels orders nobody approved in 72 hours, once, with their stock back', async () => {
    const company = await makeCompany();
    const before = await stock();
    const { body } = await buy(company.buyer, 2500);
    const { body: fresh } = await buy(company.buyer, 2500);
    await getDb()
      .update(checkouts)
      .set({ approvalExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(checkouts.id, body.checkoutId));
    // Too late to approve, even before the job runs.
    expect((await decide('approve', company.owner, body.checkoutId)).status).toBe(409);
    const [first, second] = await Promise.all([expireApprovals(), expireApprovals()]);
    expect(first! + second!).toBe(1);
    expect(await checkoutRow(body.checkoutId)).toBeUndefined();
    expect(await checkoutRow(fresh.checkoutId)).toMatchObject({ approval: 'awaiting' });
    expect(await stock()).toBe(before - 250);
    const mails = await mailsOf('checkout_cancelled', body.checkoutId);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.data).toMatchObject({ by: 'approval_expired' });
    expect(await expireApprovals()).toBe(0);
  });
});
