import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as companiesRoute from '@/app/api/companies/route';
import * as companyTermsRoute from '@/app/api/companies/[id]/terms/route';
import * as companyRoute from '@/app/api/company/route';
import * as addressesRoute from '@/app/api/company/addresses/route';
import * as addressRoute from '@/app/api/company/addresses/[id]/route';
import * as invitationsRoute from '@/app/api/company/invitations/route';
import * as acceptRoute from '@/app/api/company/invitations/accept/route';
import * as memberRoute from '@/app/api/company/members/[userId]/route';
import * as checkoutRoute from '@/app/api/checkout/[id]/route';
import * as invoiceRoute from '@/app/api/invoices/[number]/route';
import * as userCompanyRoute from '@/app/api/user/company/route';
import * as userTermsRoute from '@/app/api/user/terms/[id]/route';
import { getDb } from '@/lib/db/client';
import { auditLog, checkouts, companyInvitations, mailOutbox } from '@/lib/db/schema';
import type { CompanyAccountDto, CompanyAddressDto } from '@/lib/types';
import { memberCompany } from './companies-fixtures';
import { call, makeTool, makeUser, type ErrorBody, type TestUser } from './helpers';
import { checkout, invoiceOfCheckout, setLine, SHIP_TO } from './invoice-steps';

const post = <T = ErrorBody>(handler: unknown, user: TestUser | null, body: unknown) =>
  call<T & ErrorBody>(handler, { method: 'POST', body, token: user?.token });

const found = (user: TestUser) =>
  post<{ companyId: string }>(companiesRoute.POST, user, { name: `Firm of ${user.name}` });
const company = (user: TestUser) =>
  call<CompanyAccountDto & ErrorBody>(companyRoute.GET, { token: user.token });
const invite = (user: TestUser, body: Record<string, unknown>) =>
  post<{ invitationId: string }>(invitationsRoute.POST, user, body);
const accept = (user: TestUser, token: string) => post(acceptRoute.POST, user, { token });
const changeMember = (user: TestUser, userId: string, body: unknown) =>
  call<ErrorBody & { role: string; spendingLimit: number | null }>(memberRoute.PUT, {
    method: 'PUT',
    params: { userId },
    body,
    token: user.token,
  });
const removeMember = (user: TestUser, userId: string) =>
  call<ErrorBody>(memberRoute.DELETE, { method: 'DELETE', params: { userId }, token: user.token });

/** The token of the last invitation mailed to this address, read from the outbox as the invitee's mail holds it. */
async function mailedToken(email: string): Promise<string> {
  const rows = await getDb()
    .select({ data: mailOutbox.data })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.recipient, email), eq(mailOutbox.kind, 'company_invitation')));
  const link = (rows.at(-1)!.data as { link: string }).link;
  return new URL(link).searchParams.get('token')!;
}

/** A company founded by `owner`, with `buyer` joined as a buyer with the given limit. */
async function companyWithBuyer(spendingLimit: number | null = 1000) {
  const [owner, buyer] = await Promise.all([makeUser(), makeUser()]);
  const { companyId } = (await found(owner)).body;
  expect((await invite(owner, { email: buyer.email, role: 'buyer', spendingLimit })).status).toBe(
    201,
  );
  expect((await accept(buyer, await mailedToken(buyer.email))).status).toBe(200);
  return { owner, buyer, companyId };
}

let admin: TestUser;
beforeAll(async () => {
  admin = await makeUser('admin');
});

describe('founding a company', () => {
  it('makes the caller its owner; a second company, or one for a member, is a 409', async () => {
    const owner = await makeUser();
    const made = await found(owner);
    expect(made.status).toBe(201);
    const read = await company(owner);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      companyId: made.body.companyId,
      name: `Firm of ${owner.name}`,
      members: [{ userId: owner.id, email: owner.email, role: 'owner', spendingLimit: null }],
      terms: null,
      creditLimit: null,
      creditUsed: 0,
    });
    expect((await found(owner)).status).toBe(409);
  });

  it('makes one company of two founding calls at once', async () => {
    const owner = await makeUser();
    const answers = await Promise.all([found(owner), found(owner), found(owner)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409]);
  });

  it('answers 404 to an account of no company, 401 to nobody, and 400 for a missing name', async () => {
    expect((await company(await makeUser())).status).toBe(404);
    expect((await call(companyRoute.GET)).status).toBe(401);
    const bad = await post(companiesRoute.POST, await makeUser(), { name: '  ' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields?.name).toBe('Company name is Required');
  });
});

describe('invitations', () => {
  it('joins the invited address with its role and limit, once', async () => {
    const { owner, buyer, companyId } = await companyWithBuyer(1000);
    const read = await company(owner);
    expect(read.body.members).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ userId: buyer.id, role: 'buyer', spendingLimit: 1000 }),
      ]),
    );
    expect((await company(buyer)).body).toMatchObject({ companyId, role: 'buyer' });
    const [audit] = await getDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, buyer.id), eq(auditLog.action, 'company.join')));
    expect(audit?.after).toMatchObject({ email: buyer.email, role: 'buyer' });
  });

  it('refuses a link forwarded to another account (403), replayed (400) or expired (400)', async () => {
    const [owner, invited, other] = await Promise.all([makeUser(), makeUser(), makeUser()]);
    await found(owner);
    await invite(owner, { email: invited.email, role: 'buyer' });
    const token = await mailedToken(invited.email);
    const forwarded = await accept(other, token);
    expect(forwarded.status).toBe(403);
    expect((await company(other)).status).toBe(404);
    expect((await accept(invited, token)).status).toBe(200);
    expect((await accept(invited, token)).status).toBe(400);

    const late = await makeUser();
    await invite(owner, { email: late.email, role: 'buyer' });
    const lateToken = await mailedToken(late.email);
    await getDb()
      .update(companyInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(companyInvitations.email, late.email));
    expect((await accept(late, lateToken)).status).toBe(400);
    expect((await accept(late, 'made-up')).status).toBe(400);
  });

  it('refuses an account of another company (409), and joins once when two tabs accept at once', async () => {
    const [first, second, invited] = await Promise.all([makeUser(), makeUser(), makeUser()]);
    await found(first);
    await found(second);
    await invite(first, { email: invited.email, role: 'approver' });
    const one = await mailedToken(invited.email);
    await invite(second, { email: invited.email, role: 'buyer' });
    const two = await mailedToken(invited.email);
    const answers = await Promise.all([
      accept(invited, one),
      accept(invited, two),
      accept(invited, one),
    ]);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(
      answers
        .filter((answer) => answer.status !== 200)
        .every((a) => a.status === 409 || a.status === 400),
    ).toBe(true);
  });

  it('lets only an owner invite', async () => {
    const { buyer } = await companyWithBuyer();
    expect((await invite(buyer, { email: 'someone@test.dev', role: 'owner' })).status).toBe(403);
    expect(
      (await invite(await makeUser(), { email: 'someone@test.dev', role: 'buyer' })).status,
    ).toBe(404);
    const { owner } = await companyWithBuyer();
    const bad = await invite(owner, { email: 'not-an-address', role: 'chief' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields ?? {}).sort()).toEqual(['email', 'role']);
  });
});

describe('members', () => {
  it('an owner changes a role and a limit; a buyer can not raise their own', async () => {
    const { owner, buyer } = await companyWithBuyer(1000);
    expect((await changeMember(buyer, buyer.id, { spendingLimit: 1_000_000 })).status).toBe(403);
    const changed = await changeMember(owner, buyer.id, { spendingLimit: 2500 });
    expect(changed.body).toMatchObject({ role: 'buyer', spendingLimit: 2500 });
    expect(
      (await changeMember(owner, buyer.id, { role: 'approver', spendingLimit: null })).body,
    ).toMatchObject({
      role: 'approver',
      spendingLimit: null,
    });
  });

  it('keeps an owner: the last one can not be demoted or removed', async () => {
    const { owner, buyer } = await companyWithBuyer();
    expect((await changeMember(owner, owner.id, { role: 'buyer' })).status).toBe(409);
    expect((await removeMember(owner, owner.id)).status).toBe(409);
    await changeMember(owner, buyer.id, { role: 'owner' });
    expect((await removeMember(owner, owner.id)).status).toBe(200);
    expect((await company(owner)).status).toBe(404);
  });

  it("answers 404 for another company's member", async () => {
    const first = await companyWithBuyer();
    const second = await companyWithBuyer();
    expect((await changeMember(first.owner, second.buyer.id, { role: 'owner' })).status).toBe(404);
    expect((await removeMember(first.owner, second.buyer.id)).status).toBe(404);
  });

  it('two owners demoting each other at once leave one owner', async () => {
    const { owner, buyer } = await companyWithBuyer();
    await changeMember(owner, buyer.id, { role: 'owner' });
    await Promise.all([
      changeMember(owner, buyer.id, { role: 'buyer' }),
      changeMember(buyer, owner.id, { role: 'buyer' }),
    ]);
    const owners = (await company(owner)).body.members.filter((member) => member.role === 'owner');
    expect(owners).toHaveLength(1);
  });
});

describe("the company's orders, invoices and terms", () => {
  it('members read the company’s order and invoice; another company reads neither; a leaver keeps nothing', async () => {
    const { owner, buyer, companyId } = await companyWithBuyer(null);
    const terms = await call(companyTermsRoute.PUT, {
      method: 'PUT',
      params: { id: companyId },
      body: { netDays: 30, creditLimit: 100_000 },
      token: admin.token,
    });
    expect(terms.status).toBe(200);
    const tool = await makeTool({ priceCents: 1000, quantity: 1000, minQuantity: 1 });
    await setLine(buyer, tool.id, 10);
    const placed = await checkout(buyer, { paymentMethod: 'invoice' });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const { checkoutId } = placed.body as { checkoutId: string };
    const invoice = await invoiceOfCheckout(checkoutId);
    expect(invoice.companyId).toBe(companyId);
    expect((await company(owner)).body.creditUsed).toBe(100);

    const read = (user: TestUser) =>
      call(checkoutRoute.GET, { params: { id: checkoutId }, token: user.token });
    const readInvoice = (user: TestUser) =>
      call(invoiceRoute.GET, { params: { number: invoice.number }, token: user.token });
    expect((await read(owner)).status).toBe(200);
    expect((await readInvoice(owner)).status).toBe(200);
    const stranger = (await companyWithBuyer()).owner;
    expect((await read(stranger)).status).toBe(404);
    expect((await readInvoice(stranger)).status).toBe(404);

    await removeMember(owner, buyer.id);
    const [order] = await getDb().select().from(checkouts).where(eq(checkouts.id, checkoutId));
    expect(order!.companyId).toBe(companyId);
    expect((await read(owner)).status).toBe(200);
  });

  it("holds the company's credit limit across its members under concurrency", async () => {
    const { owner, buyer, companyId } = await companyWithBuyer(null);
    // An approver: a buyer's order past the credit left would wait for approval instead of being refused.
    await changeMember(owner, buyer.id, { role: 'approver' });
    await call(companyTermsRoute.PUT, {
      method: 'PUT',
      params: { id: companyId },
      body: { netDays: 30, creditLimit: 1000 },
      token: admin.token,
    });
    const tool = await makeTool({ priceCents: 10_000, quantity: 1000, minQuantity: 1 });
    await Promise.all([setLine(owner, tool.id, 6), setLine(buyer, tool.id, 6)]);
    const answers = await Promise.all([
      checkout(owner, { paymentMethod: 'invoice' }),
      checkout(buyer, { paymentMethod: 'invoice' }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect((await memberCompany(owner.id))!.creditLimitCents).toBe(100_000);
  });

  it('terms: admins only; the account route makes a one-member company', async () => {
    const { owner, companyId } = await companyWithBuyer();
    const put = (user: TestUser | null, id = companyId) =>
      call(companyTermsRoute.PUT, {
        method: 'PUT',
        params: { id },
        body: { netDays: 15, creditLimit: 500 },
        token: user?.token,
      });
    expect((await put(null)).status).toBe(401);
    expect((await put(owner)).status).toBe(403);
    expect((await put(admin, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await put(admin)).status).toBe(200);
    expect((await company(owner)).body).toMatchObject({ terms: { netDays: 15 }, creditLimit: 500 });

    const alone = await makeUser();
    const viaAccount = await call(userTermsRoute.PUT, {
      method: 'PUT',
      params: { id: alone.id },
      body: { netDays: 60, creditLimit: 2000 },
      token: admin.token,
    });
    expect(viaAccount.status).toBe(200);
    expect((await company(alone)).body).toMatchObject({
      role: 'owner',
      terms: { netDays: 60 },
      creditLimit: 2000,
      members: [expect.objectContaining({ userId: alone.id })],
    });
  });

  it("PUT /api/user/company sets the caller's company; a buyer may not", async () => {
    const { owner, buyer } = await companyWithBuyer();
    const put = (user: TestUser, body: unknown) =>
      call(userCompanyRoute.PUT, { method: 'PUT', body, token: user.token });
    expect((await put(buyer, { companyName: 'Hijacked' })).status).toBe(403);
    expect((await put(owner, { companyName: 'Renamed Ltd', country: 'de' })).status).toBe(200);
    expect((await company(buyer)).body).toMatchObject({ name: 'Renamed Ltd', country: 'DE' });
  });
});

describe('the address book', () => {
  const address = {
    label: 'Warehouse North',
    recipient: 'Goods in',
    street: '4 Quay St',
    postcode: '20457',
    city: 'Hamburg',
    country: 'de',
    phone: '+49 40 123',
  };
  const add = (user: TestUser, body: unknown = address) =>
    post<CompanyAddressDto>(addressesRoute.POST, user, body);
  const list = (user: TestUser) =>
    call<CompanyAddressDto[] & ErrorBody>(addressesRoute.GET, { token: user.token });

  it('owners keep it, members read it, and an order copies the chosen entry as shipped', async () => {
    const { owner, buyer } = await companyWithBuyer(null);
    expect((await add(buyer)).status).toBe(403);
    const added = await add(owner);
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ label: 'Warehouse North', country: 'DE' });
    expect((await list(buyer)).body).toHaveLength(1);

    const tool = await makeTool({ priceCents: 500, quantity: 100, minQuantity: 1 });
    await setLine(buyer, tool.id, 2);
    const placed = await checkout(buyer, { ...SHIP_TO, addressId: added.body.addressId });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const [order] = await getDb()
      .select()
      .from(checkouts)
      .where(eq(checkouts.id, (placed.body as { checkoutId: string }).checkoutId));
    expect(order!.address).toBe('Goods in, 4 Quay St, 20457 Hamburg, DE');
    expect(order!.phone).toBe('+49 40 123');
    expect(order!.shipTo).toMatchObject({ label: 'Warehouse North', city: 'Hamburg' });

    const changed = await call<CompanyAddressDto>(addressRoute.PUT, {
      method: 'PUT',
      params: { id: added.body.addressId },
      body: { ...address, city: 'Bremen' },
      token: owner.token,
    });
    expect(changed.body.city).toBe('Bremen');
    const [still] = await getDb().select().from(checkouts).where(eq(checkouts.id, order!.id));
    expect(still!.shipTo?.city).toBe('Hamburg');
  });

  it("refuses another company's address: 404 to change, 400 to ship to", async () => {
    const first = await companyWithBuyer(null);
    const second = await companyWithBuyer(null);
    const theirs = (await add(second.owner)).body.addressId;
    const change = await call(addressRoute.PUT, {
      method: 'PUT',
      params: { id: theirs },
      body: address,
      token: first.owner.token,
    });
    expect(change.status).toBe(404);
    expect(
      (
        await call(addressRoute.DELETE, {
          method: 'DELETE',
          params: { id: theirs },
          token: first.owner.token,
        })
      ).status,
    ).toBe(404);
    const tool = await makeTool({ priceCents: 500, quantity: 100, minQuantity: 1 });
    await setLine(first.buyer, tool.id, 2);
    const placed = await checkout(first.buyer, { ...SHIP_TO, addressId: theirs });
    expect(placed.status).toBe(400);
    expect((placed.body as unknown as ErrorBody).error.fields?.addressId).toBe(
      "Choose one of your company's addresses",
    );
  });

  it('validates every field with its message', async () => {
    const { owner } = await companyWithBuyer();
    const bad = await add(owner, {
      label: '',
      recipient: '',
      street: '',
      postcode: '',
      city: '',
      country: 'Germany',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toMatchObject({
      label: 'Label is Required',
      recipient: 'Recipient is Required',
      street: 'Street is Required',
      country: 'Country must be a 2-letter code like DE',
    });
  });
});

describe('the audit log', () => {
  it("records every change to a company's members and address book, by who made it", async () => {
    const { owner, buyer } = await companyWithBuyer(1000);
    await changeMember(owner, buyer.id, { spendingLimit: 1500 });
    await post(addressesRoute.POST, owner, {
      label: 'Dock',
      recipient: 'Goods in',
      street: '1 Quay',
      postcode: '1000',
      city: 'Town',
      country: 'US',
    });
    await removeMember(owner, buyer.id);
    const entries = await getDb()
      .select({ action: auditLog.action, before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(eq(auditLog.actorId, owner.id))
      .orderBy(auditLog.at);
    expect(entries.map((entry) => entry.action)).toEqual([
      'company.create',
      'company.invite',
      'company.member_update',
      'company.address',
      'company.member_remove',
    ]);
    expect(entries[2]).toMatchObject({
      before: { role: 'buyer', spendingLimit: 1000 },
      after: { role: 'buyer', spendingLimit: 1500 },
    });
  });
});
