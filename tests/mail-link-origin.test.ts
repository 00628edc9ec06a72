import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as forgotRoute from '@/app/api/password/forgot/route';
import * as signupRoute from '@/app/api/signup/route';
import { getDb } from '@/lib/db/client';
import { mailOutbox, mailRequests, users } from '@/lib/db/schema';
import { RESET_ANSWER } from '@/lib/users/password-reset';
import { call, makeUser } from './helpers';

// Mail is on in every database mode here: without SMTP a server database has no mailbox, and these tests are about
// the links a mail carries, not about its delivery.
vi.mock('@/lib/mail/config', async (importActual) => ({
  ...(await importActual<typeof import('@/lib/mail/config')>()),
  mailAvailable: () => true,
}));

// What an attacker sends with a request for somebody else's link: the Host and every forwarded header of theirs.
const POISONED = {
  host: 'evil.example',
  'x-forwarded-host': 'evil.example',
  'x-forwarded-proto': 'https',
  forwarded: 'host=evil.example;proto=https',
};

async function linksMailedTo(email: string): Promise<string[]> {
  const rows = await getDb().select().from(mailOutbox).where(eq(mailOutbox.recipient, email));
  return rows.map((row) => String(row.data.link));
}

describe('links in mail, with AUTH_URL unset', () => {
  beforeEach(async () => {
    vi.stubEnv('AUTH_URL', '');
    vi.stubEnv('PORT', '3999');
    await getDb().delete(mailRequests);
  });
  afterEach(() => vi.unstubAllEnvs());

  it("a reset link points at the shop's own origin, never at the Host the request named", async () => {
    const user = await makeUser();
    const { status, body } = await call(forgotRoute.POST, {
      method: 'POST',
      body: { email: user.email },
      headers: POISONED,
    });
    expect({ status, body }).toEqual({ status: 202, body: { message: RESET_ANSWER } });
    const links = await linksMailedTo(user.email);
    expect(links).toHaveLength(1);
    expect(links[0]).toMatch(/^http:\/\/localhost:3999\/reset-password\?token=/);
  });

  it("a sign-up's verification link points at the shop's own origin too", async () => {
    const email = `poisoned-${Date.now()}@test.dev`;
    const { status } = await call(signupRoute.POST, {
      method: 'POST',
      body: { name: 'Vera Verify', email, password: 'a-long-secret' },
      headers: POISONED,
    });
    expect(status).toBe(201);
    const links = await linksMailedTo(email);
    expect(links).toHaveLength(1);
    expect(links[0]).toMatch(/^http:\/\/localhost:3999\/verify-email\?token=/);
  });
});

describe('a reset asked for a disabled account', () => {
  it('mails nothing, and answers as for any address', async () => {
    const user = await makeUser();
    await getDb().update(users).set({ disabledAt: new Date() }).where(eq(users.id, user.id));
    const { status, body } = await call(forgotRoute.POST, {
      method: 'POST',
      body: { email: user.email },
    });
    expect({ status, body }).toEqual({ status: 202, body: { message: RESET_ANSWER } });
    expect(await linksMailedTo(user.email)).toEqual([]);
  });
});
