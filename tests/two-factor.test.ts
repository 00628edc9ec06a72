import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as twoFactorRoute from '@/app/api/two-factor/route';
import * as setupRoute from '@/app/api/two-factor/setup/route';
import * as verifyRoute from '@/app/api/two-factor/verify/route';
import * as userByKey from '@/app/api/user/[key]/route';
import * as usersRoute from '@/app/api/user/route';
import * as auditRoute from '@/app/api/audit/route';
import * as ordersRoute from '@/app/api/order/route';
import { beginSignIn, continueSignIn, issueSecondFactorProof } from '@/lib/two-factor/session';
import { resolveCredential } from '@/lib/auth/caller';
import { getDb } from '@/lib/db/client';
import { recoveryCodes, twoFactor } from '@/lib/db/schema';
import { clearLoginFailures, MAX_FAILURES } from '@/lib/auth/login-attempts';
import {
  confirmEnrolment,
  disableTwoFactor,
  getTwoFactorStatus,
  LOCKED,
  proveSecondFactor,
  startEnrolment,
  WRONG_CODE,
} from '@/lib/two-factor/service';
import { requirePendingSignIn, verifySignInCode } from '@/lib/two-factor/sign-in-step';
import { codeAt } from '@/lib/two-factor/totp';
import { actorOf, call, makeUser, sessionCookie, type ErrorBody, type TestUser } from './helpers';

// A fixed clock: 2026-11-24 12:00:00 UTC, in the middle of a 30-second step.
const NOW = Date.UTC(2026, 10, 24, 12, 0, 15);
const STEP = 30_000;
let ip = '';
let alice: TestUser;

beforeEach(async () => {
  alice = await makeUser('customer');
  ip = `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
});

/** Enrols alice at NOW; answers her secret and recovery codes. */
async function enrol(user: TestUser = alice, now = NOW) {
  const { secret } = await startEnrolment(actorOf(user));
  const { recoveryCodes: codes } = await confirmEnrolment(actorOf(user), codeAt(secret, now), {
    ip,
    now,
  });
  return { secret, codes };
}

/** Enrols over the API with a bearer token; answers the recovery codes and the token that replaces it. */
async function enrolOverHttp(token: string) {
  const setup = await call<{ secret: string }>(setupRoute.POST, { method: 'POST', token });
  const on = await call<{ recoveryCodes: string[]; token: string }>(twoFactorRoute.POST, {
    method: 'POST',
    token,
    body: { code: codeAt(setup.body.secret, Date.now()) },
  });
  expect(on.status).toBe(201);
  return on.body;
}

// Enrolling ends every session the account had (version 0): a sign-in after it carries the next version.
const AFTER_ENROLMENT = 1;

describe('enrolment', () => {
  it('shows a QR code and the secret, turns on with a code from the app, and answers ten recovery codes', async () => {
    const enrolment = await startEnrolment(actorOf(alice));
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrolment.otpauthUri).toContain(`secret=${enrolment.secret}`);
    expect(enrolment.otpauthUri).toContain('issuer=Toolhaus');
    expect(enrolment.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect((await getTwoFactorStatus(actorOf(alice))).enabled).toBe(false);

    const { recoveryCodes: codes } = await confirmEnrolment(
      actorOf(alice),
      codeAt(enrolment.secret, NOW),
      { ip, now: NOW },
    );
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect(await getTwoFactorStatus(actorOf(alice))).toEqual({
      enabled: true,
      recoveryCodesLeft: 10,
    });
  });

  it('keeps the secret encrypted and the recovery codes hashed', async () => {
    const { secret, codes } = await enrol();
    const [row] = await getDb().select().from(twoFactor).where(eq(twoFactor.userId, alice.id));
    expect(row!.secret).not.toContain(secret);
    const hashes = await getDb()
      .select()
      .from(recoveryCodes)
      .where(eq(recoveryCodes.userId, alice.id));
    expect(hashes).toHaveLength(10);
    for (const { codeHash } of hashes) expect(codes).not.toContain(codeHash);
  });

  it('stays off after a wrong code', async () => {
    await startEnrolment(actorOf(alice));
    await expect(
      confirmEnrolment(actorOf(alice), '000000', { ip, now: NOW }),
    ).rejects.toMatchObject({ status: 400, fields: { code: WRONG_CODE } });
    expect((await getTwoFactorStatus(actorOf(alice))).enabled).toBe(false);
  });

  it('refuses a second enrolment while it is on (409)', async () => {
    await enrol();
    await expect(startEnrolment(actorOf(alice))).rejects.toMatchObject({ status: 409 });
  });
});

describe('codes at sign-in', () => {
  it('accepts the code of the step before and after (a phone clock a little off), not two steps away', async () => {
    const { secret } = await enrol();
    const user = { id: alice.id, email: alice.email };
    const context = { ip, now: NOW + 10 * STEP };
    await expect(
      proveSecondFactor(user, codeAt(secret, NOW + 8 * STEP), context),
    ).rejects.toMatchObject({ status: 400 });
    await proveSecondFactor(user, codeAt(secret, NOW + 9 * STEP), context);
    await proveSecondFactor(user, codeAt(secret, NOW + 11 * STEP), context);
    await expect(
      proveSecondFactor(user, codeAt(secret, NOW + 12 * STEP), context),
    ).rejects.toMatchObject({ status: 400 });
  });

  it('refuses a code used once already, and any older one, within its window', async () => {
    const { secret } = await enrol();
    const user = { id: alice.id, email: alice.email };
    const later = NOW + 5 * STEP;
    await proveSecondFactor(user, codeAt(secret, later), { ip, now: later });
    await expect(
      proveSecondFactor(user, codeAt(secret, later), { ip, now: later + 1000 }),
    ).rejects.toMatchObject({ status: 400, fields: { code: WRONG_CODE } });
    await expect(
      proveSecondFactor(user, codeAt(secret, later - STEP), { ip, now: later }),
    ).rejects.toMatchObject({ status: 400 });
  });

  it('lets one of two concurrent requests with the same code through', async () => {
    const { secret } = await enrol();
    const user = { id: alice.id, email: alice.email };
    const later = NOW + 3 * STEP;
    const results = await Promise.allSettled(
      [1, 2, 3].map(() => proveSecondFactor(user, codeAt(secret, later), { ip, now: later })),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
  });

  it('takes each recovery code once, however it is typed', async () => {
    const { codes } = await enrol();
    const user = { id: alice.id, email: alice.email };
    const code = codes[0]!;
    await proveSecondFactor(user, ` ${code.toUpperCase().replace('-', '')} `, { ip });
    await expect(proveSecondFactor(user, code, { ip })).rejects.toMatchObject({ status: 400 });
    expect((await getTwoFactorStatus(actorOf(alice))).recoveryCodesLeft).toBe(9);
    // Another account's code is no use here.
    const bob = await makeUser('customer');
    const { codes: bobCodes } = await enrol(bob);
    await expect(proveSecondFactor(user, bobCodes[0]!, { ip })).rejects.toMatchObject({
      status: 400,
    });
  });

  it('counts wrong codes toward throttling, reserved before the check, and a right password does not reset them', async () => {
    const { secret } = await enrol();
    const user = { id: alice.id, email: alice.email };
    const guesses = await Promise.allSettled(
      Array.from({ length: MAX_FAILURES + 5 }, () => proveSecondFactor(user, '123456', { ip })),
    );
    const messages = guesses.map((g) =>
      g.status === 'rejected' ? (g.reason as Error).message : '',
    );
    expect(messages.filter((m) => m === WRONG_CODE)).toHaveLength(MAX_FAILURES);
    expect(messages.filter((m) => m === LOCKED)).toHaveLength(5);
    // A password sign-in clears its own failures, not the code's.
    await clearLoginFailures(alice.email, ip);
    await expect(proveSecondFactor(user, codeAt(secret, Date.now()), { ip })).rejects.toMatchObject(
      { message: LOCKED },
    );
  });

  it('turns off only with a code', async () => {
    const { secret } = await enrol();
    await expect(disableTwoFactor(actorOf(alice), '111111', { ip })).rejects.toMatchObject({
      status: 400,
    });
    const later = NOW + 4 * STEP;
    await disableTwoFactor(actorOf(alice), codeAt(secret, later), { ip, now: later });
    expect(await getTwoFactorStatus(actorOf(alice))).toEqual({
      enabled: false,
      recoveryCodesLeft: 0,
    });
  });
});

describe('a session that owes a code', () => {
  it('starts pending at sign-in only when two-factor is on, for any provider', async () => {
    const token: Record<string, unknown> = { sub: alice.id };
    await beginSignIn(token, alice.id, NOW);
    expect(token).toMatchObject({ authAt: NOW });
    expect(token.mfa).toBeUndefined();
    await enrol();
    await beginSignIn(token, alice.id, NOW);
    expect(token).toMatchObject({ authAt: NOW, mfa: 'pending' });
    expect(typeof token.mfaNonce).toBe('string');
  });

  it('names nobody to the API: cookie refused by protected routes', async () => {
    await enrol();
    const cookie = await sessionCookie({
      sub: alice.id,
      sv: AFTER_ENROLMENT,
      mfa: 'pending',
      mfaNonce: 'n1',
    });
    const request = new Request('http://localhost/api/x', { headers: { cookie } });
    expect(await resolveCredential(request)).toBeNull();
    const profile = await call(userByKey.GET, {
      params: { key: alice.email },
      headers: { cookie },
    });
    expect(profile.status).toBe(401);
    // No bearer token for it either (the browser's sign-in takes this 401 as the cue for the code step).
    const token = await call(userByKey.PUT, {
      method: 'PUT',
      params: { key: alice.email },
      headers: { cookie },
      body: { email: alice.email },
    });
    expect(token.status).toBe(401);
    const order = await call(ordersRoute.POST, {
      method: 'POST',
      headers: { cookie },
      body: { toolId: alice.id, quantity: 10, address: 'A', phone: '1' },
    });
    expect(order.status).toBe(401);
    const status = await call(twoFactorRoute.GET, { headers: { cookie } });
    expect(status.status).toBe(401);
    // The same session once the code was given is signed in.
    const done = await sessionCookie({ sub: alice.id, sv: AFTER_ENROLMENT });
    expect(
      (await call(userByKey.GET, { params: { key: alice.email }, headers: { cookie: done } }))
        .status,
    ).toBe(200);
  });

  it('completes with a proof for this session only, and ends when no code comes in time', async () => {
    const { secret } = await enrol();
    const cookie = await sessionCookie({
      sub: alice.id,
      sv: AFTER_ENROLMENT,
      mfa: 'pending',
      mfaNonce: 'n2',
    });
    const request = new Request('http://localhost/api/two-factor/verify', {
      method: 'POST',
      headers: { cookie },
    });
    const later = NOW + 6 * STEP;
    const { proof, email } = await verifySignInCode(
      await requirePendingSignIn(request),
      codeAt(secret, later),
      {
        ip,
        now: later,
      },
    );
    expect(email).toBe(alice.email);

    const pending = () => ({
      sub: alice.id,
      mfa: 'pending' as const,
      mfaNonce: 'n2',
      authAt: Date.now(),
    });
    // Anything the browser could send itself changes nothing.
    const forged = pending();
    expect(await continueSignIn(forged, { secondFactorProof: 'made-up' })).toBe(true);
    expect(forged.mfa).toBe('pending');
    const otherSession = { ...pending(), mfaNonce: 'another' };
    await continueSignIn(otherSession, { secondFactorProof: proof });
    expect(otherSession.mfa).toBe('pending');
    const otherAccount = { ...pending(), sub: (await makeUser()).id };
    await continueSignIn(otherAccount, { secondFactorProof: proof });
    expect(otherAccount.mfa).toBe('pending');
    // The proof fits the session it was made for.
    const mine: Record<string, unknown> = pending();
    expect(await continueSignIn(mine, { secondFactorProof: proof })).toBe(true);
    expect(mine.mfa).toBeUndefined();
    // Ten minutes without a code: signed out.
    const stale = { ...pending(), authAt: Date.now() - 11 * 60_000 };
    expect(await continueSignIn(stale, undefined)).toBe(false);
    // A proof made for another account's pending session does not fit this one either.
    const foreign = await issueSecondFactorProof((await makeUser()).id, 'n2');
    const still = pending();
    await continueSignIn(still, { secondFactorProof: foreign });
    expect(still.mfa).toBe('pending');
  });

  it('the verify call: no pending sign-in is a 401; a wrong code a 400 with the field', async () => {
    const { secret } = await enrol();
    expect(
      (await call(verifyRoute.POST, { method: 'POST', body: { code: '123456' } })).status,
    ).toBe(401);
    const signedIn = await sessionCookie({ sub: alice.id, sv: AFTER_ENROLMENT });
    expect(
      (
        await call(verifyRoute.POST, {
          method: 'POST',
          headers: { cookie: signedIn },
          body: { code: codeAt(secret, Date.now()) },
        })
      ).status,
    ).toBe(401);
    const cookie = await sessionCookie({
      sub: alice.id,
      sv: AFTER_ENROLMENT,
      mfa: 'pending',
      mfaNonce: 'n3',
    });
    const wrong = await call<ErrorBody>(verifyRoute.POST, {
      method: 'POST',
      headers: { cookie, 'x-forwarded-for': ip },
      body: { code: '000000' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields).toEqual({ code: WRONG_CODE });
    const empty = await call<ErrorBody>(verifyRoute.POST, {
      method: 'POST',
      headers: { cookie },
      body: { code: ' ' },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields).toEqual({ code: 'Code is Required' });
  });
});

describe('the two-factor routes', () => {
  it('answer 401 to a stranger before reading the body', async () => {
    expect((await call(twoFactorRoute.GET)).status).toBe(401);
    expect((await call(setupRoute.POST, { method: 'POST' })).status).toBe(401);
    expect((await call(twoFactorRoute.POST, { method: 'POST', rawBody: '{bad' })).status).toBe(401);
    expect(
      (await call(twoFactorRoute.DELETE, { method: 'DELETE', body: { code: '1' } })).status,
    ).toBe(401);
  });

  it('enrol, confirm and turn off over HTTP with a bearer token', async () => {
    const setup = await call<{ secret: string }>(setupRoute.POST, {
      method: 'POST',
      token: alice.token,
    });
    expect(setup.status).toBe(201);
    expect(setup.headers.get('cache-control')).toBe('no-store');
    const bad = await call<ErrorBody>(twoFactorRoute.POST, {
      method: 'POST',
      token: alice.token,
      body: {},
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({ code: 'Code is Required' });
    const on = await call<{ recoveryCodes: string[]; token: string }>(twoFactorRoute.POST, {
      method: 'POST',
      token: alice.token,
      body: { code: codeAt(setup.body.secret, Date.now()) },
    });
    expect(on.status).toBe(201);
    expect(on.body.recoveryCodes).toHaveLength(10);
    const off = await call<{ token: string }>(twoFactorRoute.DELETE, {
      method: 'DELETE',
      token: on.body.token,
      body: { code: on.body.recoveryCodes[3] },
    });
    expect(off.status).toBe(200);
    expect((await call(twoFactorRoute.GET, { token: off.body.token })).body).toEqual({
      enabled: false,
      recoveryCodesLeft: 0,
    });
  });
});

describe('REQUIRE_ADMIN_2FA', () => {
  afterEach(() => {
    delete process.env.REQUIRE_ADMIN_2FA;
  });

  it('refuses admin calls of an admin without two-factor with a clear 403, until they enrol', async () => {
    const admin = await makeUser('admin');
    expect((await call(usersRoute.GET, { token: admin.token })).status).toBe(200);
    process.env.REQUIRE_ADMIN_2FA = 'true';
    const refused = await call<ErrorBody>(usersRoute.GET, { token: admin.token });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(
      'Turn on two-factor authentication on My Profile to use the admin functions',
    );
    // Their own account and the enrolment stay open.
    expect(
      (await call(userByKey.GET, { params: { key: admin.email }, token: admin.token })).status,
    ).toBe(200);
    const on = await enrolOverHttp(admin.token);
    // The token that enrolled is issued again; the one it was ended with every other credential of the account.
    expect((await call(usersRoute.GET, { token: admin.token })).status).toBe(401);
    expect((await call(usersRoute.GET, { token: on.token })).status).toBe(200);
  });

  it('ends a password-only session when another credential of the account enrols', async () => {
    const admin = await makeUser('admin');
    process.env.REQUIRE_ADMIN_2FA = 'true';
    // Browser A signed in with the password alone; an older bearer token of the same account enrols.
    const browserA = await sessionCookie({ sub: admin.id, sv: 0 });
    expect((await call(usersRoute.GET, { headers: { cookie: browserA } })).status).toBe(403);
    const on = await enrolOverHttp(admin.token);
    for (const credential of [{ headers: { cookie: browserA } }, { token: admin.token }]) {
      expect((await call(usersRoute.GET, credential)).status).toBe(401);
      expect((await call(auditRoute.GET, credential)).status).toBe(401);
      expect(
        (await call(userByKey.GET, { params: { key: admin.email }, ...credential })).status,
      ).toBe(401);
    }
    expect((await call(auditRoute.GET, { token: on.token })).status).toBe(200);
  });

  it('ends every other session when two-factor is turned off, keeping the caller signed in', async () => {
    const admin = await makeUser('admin');
    const on = await enrolOverHttp(admin.token);
    const other = await sessionCookie({ sub: admin.id, sv: AFTER_ENROLMENT });
    expect((await call(usersRoute.GET, { headers: { cookie: other } })).status).toBe(200);
    const off = await call<{ token: string }>(twoFactorRoute.DELETE, {
      method: 'DELETE',
      token: on.token,
      body: { code: on.recoveryCodes[0] },
    });
    expect(off.status).toBe(200);
    expect((await call(usersRoute.GET, { headers: { cookie: other } })).status).toBe(401);
    expect((await call(usersRoute.GET, { token: on.token })).status).toBe(401);
    expect((await call(usersRoute.GET, { token: off.body.token })).status).toBe(200);
  });

  it('leaves customers as they were', async () => {
    process.env.REQUIRE_ADMIN_2FA = 'true';
    const refused = await call<ErrorBody>(usersRoute.GET, { token: alice.token });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe('You are not allowed to do this');
    expect(
      (await call(userByKey.GET, { params: { key: alice.email }, token: alice.token })).status,
    ).toBe(200);
  });
});
