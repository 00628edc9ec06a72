import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as emailLinkRoute from '@/app/api/email-link/route';
import * as signupRoute from '@/app/api/signup/route';
import * as verifyEmailRoute from '@/app/api/verify-email/route';
import * as userByKey from '@/app/api/user/[key]/route';
import * as companyRoute from '@/app/api/user/company/route';
import { verifyPassword } from '@/lib/auth/passwords';
import { gateProviderSignIn } from '@/lib/auth/sign-in-gate';
import { getDb } from '@/lib/db/client';
import { accounts, cartLines, twoFactor, users, type User } from '@/lib/db/schema';
import { signInMethodsWereReset } from '@/lib/users/sign-in-methods-reset';
import * as forgotRoute from '@/app/api/password/forgot/route';
import * as resetRoute from '@/app/api/password/reset/route';
import { browser, signInWith, type Browser } from './auth-flow';
import { call, makeTool } from './helpers';
import { linkIn, setUpTestMail } from './smtp';
import { memberCompany } from './companies-fixtures';

// Someone signs up with another person's address and a password of their choosing. When the address's owner later
// signs in in a way that proves the address (the emailed link, a provider that vouches for it), whatever the
// stranger set up beforehand must stop working at once.

const ORIGIN = 'https://shop.example';
const testMail = setUpTestMail({ origin: ORIGIN });
const ATTACKER_IP = '203.0.113.66';
const VICTIM_IP = '198.51.100.20';
const PROFILE = {
  address: '1 Victim Lane',
  education: 'Trade school',
  institution: 'Tool Guild',
  phone: '+1 555 0199',
  linkedIn: 'https://linkedin.com/in/victim',
};

async function latestLink(email: string, path: string) {
  await testMail.worker.drain();
  const mail = testMail.smtp.messages
    .filter((message) => message.to && 'text' in message.to && message.to.text === email)
    .at(-1)!;
  return new URL(linkIn(mail, `${ORIGIN}${path}?token=`)).searchParams.get('token')!;
}

/** The stranger's account for the victim's address: signed up, signed in, and holding a bearer token. */
async function preRegister(email: string) {
  const signup = await call(signupRoute.POST, {
    method: 'POST',
    body: { name: 'Mallory', email, password: 'attacker-pass' },
    headers: { 'x-forwarded-for': ATTACKER_IP },
  });
  expect(signup.status).toBe(201);
  const attacker = browser();
  expect(
    (await signInWith(attacker, 'credentials', { email, password: 'attacker-pass' }, ATTACKER_IP))
      .signedIn,
  ).toBe(true);
  const synced = await call<{ token: string }>(userByKey.PUT, {
    method: 'PUT',
    params: { key: email },
    body: { email },
    headers: { cookie: attacker.cookie },
  });
  expect(synced.status).toBe(200);
  return { attacker, token: synced.body.token };
}

async function signInByLink(client: Browser, email: string) {
  const asked = await call(emailLinkRoute.POST, {
    method: 'POST',
    body: { email },
    headers: { 'x-forwarded-for': VICTIM_IP },
  });
  expect(asked.status).toBe(202);
  return signInWith(
    client,
    'email-link',
    { token: await latestLink(email, '/email-link/sign-in') },
    VICTIM_IP,
  );
}

const actorOfRow = (row: User) => ({
  userId: row.id,
  email: row.email,
  name: row.name ?? row.email,
  role: row.role,
  sessionVersion: row.sessionVersion,
});

const rowOf = async (email: string) =>
  (await getDb().select().from(users).where(eq(users.email, email)))[0]!;

describe('pre-registered account takeover', () => {
  it('ends the stranger’s password, sessions and tokens when the owner signs in by the emailed link', async () => {
    const email = `victim-${randomUUID().slice(0, 8)}@test.dev`;
    const { attacker, token } = await preRegister(email);

    const victim = browser();
    expect((await signInByLink(victim, email)).signedIn).toBe(true);
    const saved = await call(userByKey.PUT, {
      method: 'PUT',
      params: { key: email },
      body: PROFILE,
      headers: { cookie: victim.cookie },
    });
    expect(saved.status).toBe(200);

    // The stranger's password no longer signs in, and what they held before reads nothing.
    const again = await signInWith(
      browser(),
      'credentials',
      { email, password: 'attacker-pass' },
      ATTACKER_IP,
    );
    expect(again.signedIn).toBe(false);
    const byCookie = await call(userByKey.GET, {
      params: { key: email },
      headers: { cookie: attacker.cookie },
    });
    const byToken = await call(userByKey.GET, { params: { key: email }, token });
    expect([byCookie.status, byToken.status]).toEqual([401, 401]);
    // The owner's own session goes on.
    const own = await call(userByKey.GET, {
      params: { key: email },
      headers: { cookie: victim.cookie },
    });
    expect(own.status).toBe(200);

    // The owner is told, and may set a password with the usual reset.
    const row = await rowOf(email);
    expect(row.passwordHash).toBeNull();
    expect(row.emailVerified).toBeInstanceOf(Date);
    expect(row.signInMethodsResetAt).toBeInstanceOf(Date);
    expect(await signInMethodsWereReset({ ...actorOfRow(row) })).toBe(true);
    await call(forgotRoute.POST, {
      method: 'POST',
      body: { email },
      headers: { 'x-forwarded-for': VICTIM_IP },
    });
    const reset = await call(resetRoute.POST, {
      method: 'POST',
      body: { token: await latestLink(email, '/reset-password'), password: 'owners-own-pass' },
    });
    expect(reset.status).toBe(200);
    expect((await rowOf(email)).signInMethodsResetAt).toBeNull();
  }, 120_000);

  it('drops the stranger’s password, linked accounts and two-factor when a vouching provider signs the owner in', async () => {
    const email = `victim-${randomUUID().slice(0, 8)}@test.dev`;
    const { token } = await preRegister(email);
    const { id } = await rowOf(email);
    await getDb()
      .insert(accounts)
      .values({ userId: id, type: 'oauth', provider: 'facebook', providerAccountId: randomUUID() });
    await getDb()
      .insert(twoFactor)
      .values({ userId: id, secret: 'sealed-by-the-stranger', enabledAt: new Date() });

    const google = { provider: 'google', providerAccountId: randomUUID(), type: 'oauth' as const };
    expect(await gateProviderSignIn(email, google, { email_verified: true })).toBe(true);

    const row = await rowOf(email);
    expect(row.passwordHash).toBeNull();
    expect(row.emailVerified).toBeInstanceOf(Date);
    expect(await getDb().select().from(accounts).where(eq(accounts.userId, id))).toEqual([]);
    expect(await getDb().select().from(twoFactor).where(eq(twoFactor.userId, id))).toEqual([]);
    expect((await call(userByKey.GET, { params: { key: email }, token })).status).toBe(401);
  }, 120_000);

  it('clears the name, profile, company details and cart the stranger set, when the owner proves the address', async () => {
    const email = `victim-${randomUUID().slice(0, 8)}@test.dev`;
    const { token } = await preRegister(email);
    const { id } = await rowOf(email);
    const asStranger = { token, headers: { 'x-forwarded-for': ATTACKER_IP } };
    expect(
      (
        await call(userByKey.PUT, {
          method: 'PUT',
          params: { key: email },
          body: { email, ...PROFILE },
          ...asStranger,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await call(companyRoute.PUT, {
          method: 'PUT',
          body: { companyName: 'Mallory Ltd', taxId: 'DE999999999', billingAddress: 'Evil St 1' },
          ...asStranger,
        })
      ).status,
    ).toBe(200);
    const tool = await makeTool({ quantity: 100, minQuantity: 1 });
    await getDb().insert(cartLines).values({ userId: id, toolId: tool.id, quantity: 5 });

    const google = { provider: 'google', providerAccountId: randomUUID(), type: 'oauth' as const };
    expect(await gateProviderSignIn(email, google, { email_verified: true })).toBe(true);

    const row = await rowOf(email);
    expect(row).toMatchObject({
      name: null,
      image: null,
      address: null,
      education: null,
      institution: null,
      phone: null,
      linkedIn: null,
    });
    expect(await memberCompany(id)).toBeUndefined();
    expect(await getDb().select().from(cartLines).where(eq(cartLines.userId, id))).toEqual([]);
  }, 120_000);

  it('keeps the password of an account whose address was already proven, and the sign-up’s own verification link', async () => {
    const email = `owner-${randomUUID().slice(0, 8)}@test.dev`;
    const signup = await call(signupRoute.POST, {
      method: 'POST',
      body: { name: 'Olga', email, password: 'owners-pass' },
      headers: { 'x-forwarded-for': VICTIM_IP },
    });
    expect(signup.status).toBe(201);
    // The sign-up's verification link is not a sign-in: it proves the address and keeps the password.
    const verified = await call(verifyEmailRoute.POST, {
      method: 'POST',
      body: { token: await latestLink(email, '/verify-email') },
    });
    expect(verified.status).toBe(200);
    const before = await rowOf(email);
    expect((await signInByLink(browser(), email)).signedIn).toBe(true);
    const after = await rowOf(email);
    expect(await verifyPassword(after.passwordHash, 'owners-pass')).toBe(true);
    expect(after.sessionVersion).toBe(before.sessionVersion);
  }, 120_000);
});
