import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as companiesRoute from '@/app/api/companies/route';
import * as keysRoute from '@/app/api/company/api-keys/route';
import * as credentialsRoute from '@/app/api/company/punchout/credentials/route';
import * as settingsRoute from '@/app/api/company/punchout/route';
import { getDb } from '@/lib/db/client';
import { auditLog, companyMembers, punchoutSettings } from '@/lib/db/schema';
import { secretMatches } from '@/lib/auth/punchout-secret';
import type { PunchoutSecretsDto } from '@/lib/types';
import { call, makeUser, type ErrorBody, type TestUser } from './helpers';

// A company owner's punch-out settings: the secrets made by the shop and shown once, kept as hashes; owners only.

type Answer = ErrorBody &
  Partial<PunchoutSecretsDto> & {
    configured: boolean;
    cxmlIdentity: string;
    ociUsername: string;
    hookUrls: string[];
    buyer: string;
  };

const SETTINGS = {
  cxmlDomain: 'NetworkID',
  cxmlIdentity: 'AN01000000001',
  hookUrls: ['https://srm.acme.example/sap/bc/gui/', 'https://srm.acme.example/sap/bc/gui/'],
};

async function ownerOfCompany() {
  const owner = await makeUser();
  const founded = await call<{ companyId: string }>(companiesRoute.POST, {
    method: 'POST',
    body: { name: `Firm of ${owner.name}` },
    token: owner.token,
  });
  expect(founded.status).toBe(201);
  return { owner, companyId: founded.body.companyId };
}

const save = (user: TestUser, body: unknown) =>
  call<Answer>(settingsRoute.PUT, {
    method: 'PUT',
    path: '/api/company/punchout',
    body,
    token: user.token,
  });
const read = (user: TestUser) =>
  call<Answer>(settingsRoute.GET, { path: '/api/company/punchout', token: user.token });
const renew = (user: TestUser) =>
  call<Answer>(credentialsRoute.POST, {
    method: 'POST',
    path: '/api/company/punchout/credentials',
    token: user.token,
  });
const rowOf = async (companyId: string) =>
  (
    await getDb().select().from(punchoutSettings).where(eq(punchoutSettings.companyId, companyId))
  )[0];

const identity = () => `AN${Math.random().toString().slice(2, 13)}`;

describe('punch-out settings', () => {
  it('are set up by an owner, the secrets shown once and kept as hashes, then changed and renewed', async () => {
    const { owner, companyId } = await ownerOfCompany();
    expect((await read(owner)).body).toEqual({ configured: false });
    const cxmlIdentity = identity();
    const made = await save(owner, { ...SETTINGS, cxmlIdentity });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      configured: true,
      cxmlIdentity,
      hookUrls: ['https://srm.acme.example/sap/bc/gui/'],
      buyer: owner.email,
      ociUsername: expect.stringMatching(/^toolhaus-/),
    });
    const { sharedSecret, ociPassword } = made.body;
    expect(sharedSecret).toMatch(/^[\w-]{43}$/);
    const row = await rowOf(companyId);
    expect(secretMatches(sharedSecret!, row!.sharedSecretHash)).toBe(true);
    expect(secretMatches(ociPassword!, row!.ociPasswordHash)).toBe(true);
    expect(JSON.stringify(row)).not.toContain(sharedSecret);

    const shown = await read(owner);
    expect(shown.status).toBe(200);
    expect(JSON.stringify(shown.body)).not.toMatch(/sharedSecret|ociPassword|Hash/);

    const changed = await save(owner, { ...SETTINGS, cxmlIdentity, hookUrls: [] });
    expect(changed.status).toBe(200);
    expect(changed.body.sharedSecret).toBeUndefined();
    expect(changed.body.hookUrls).toEqual([]);

    const renewed = await renew(owner);
    expect(renewed.status).toBe(200);
    const after = await rowOf(companyId);
    expect(secretMatches(sharedSecret!, after!.sharedSecretHash)).toBe(false);
    expect(secretMatches(renewed.body.sharedSecret!, after!.sharedSecretHash)).toBe(true);
    expect(secretMatches(renewed.body.ociPassword!, after!.ociPasswordHash)).toBe(true);

    const audited = await getDb()
      .select()
      .from(auditLog)
      .where(eq(auditLog.actorEmail, owner.email));
    expect(audited.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['punchout.settings', 'punchout.credentials']),
    );
    const logged = JSON.stringify(audited);
    for (const secret of [sharedSecret!, ociPassword!, renewed.body.sharedSecret!])
      expect(logged).not.toContain(secret);
  });

  it('refuses members who are not owners, accounts without a company, keys, admins and nobody', async () => {
    const { owner, companyId } = await ownerOfCompany();
    const buyer = await makeUser();
    await getDb().insert(companyMembers).values({ companyId, userId: buyer.id, role: 'buyer' });
    expect((await save(buyer, SETTINGS)).status).toBe(403);
    expect((await read(buyer)).status).toBe(403);
    expect((await renew(buyer)).status).toBe(403);
    const loner = await makeUser();
    expect((await read(loner)).status).toBe(404);
    expect((await save(loner, SETTINGS)).status).toBe(404);
    expect((await call(settingsRoute.GET, { path: '/api/company/punchout' })).status).toBe(401);
    const admin = await makeUser('admin');
    expect([403, 404]).toContain((await save(admin, SETTINGS)).status);

    const key = await call<{ key: string }>(keysRoute.POST, {
      method: 'POST',
      path: '/api/company/api-keys',
      body: {
        name: 'ERP',
        scopes: ['orders:write', 'orders:read', 'catalogue:read', 'invoices:read'],
      },
      token: owner.token,
    });
    const withKey = await call<ErrorBody>(settingsRoute.PUT, {
      method: 'PUT',
      path: '/api/company/punchout',
      body: { ...SETTINGS, cxmlIdentity: identity() },
      token: key.body.key,
    });
    expect(withKey.status).toBe(403);
    expect(await rowOf(companyId)).toBeUndefined();
    // Renewing before setting up: nothing to renew.
    expect((await renew(owner)).status).toBe(404);
  });

  it('refuses bad input with each field named, and an identity another company holds, writing nothing', async () => {
    const { owner, companyId } = await ownerOfCompany();
    const bad = await save(owner, {
      cxmlDomain: '',
      cxmlIdentity: 'AN1',
      hookUrls: ['javascript:alert(1)'],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toMatchObject({
      cxmlDomain: 'cXML domain is Required',
      'hookUrls.0': expect.stringContaining('http(s)'),
    });
    const withPassword = await save(owner, {
      ...SETTINGS,
      hookUrls: ['https://user:pw@srm.example/hook'],
    });
    expect(withPassword.status).toBe(400);
    expect(await rowOf(companyId)).toBeUndefined();

    const other = await ownerOfCompany();
    const taken = identity();
    expect((await save(other.owner, { ...SETTINGS, cxmlIdentity: taken })).status).toBe(201);
    const clash = await save(owner, { ...SETTINGS, cxmlDomain: 'networkid', cxmlIdentity: taken });
    expect(clash.status).toBe(409);
    expect(clash.body.error.message).toBe('Another company uses this cXML identity');
    expect(await rowOf(companyId)).toBeUndefined();
  });
});
