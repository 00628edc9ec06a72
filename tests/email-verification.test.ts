import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as signupRoute from '@/app/api/signup/route';
import * as usersRoute from '@/app/api/user/route';
import * as verifyRoute from '@/app/api/verify-email/route';
import * as resendRoute from '@/app/api/verify-email/resend/route';
import { issueAccessToken } from '@/lib/auth/tokens';
import { getDb } from '@/lib/db/client';
import { oneTimeTokens, users } from '@/lib/db/schema';
import type { UserDto } from '@/lib/types';
import { INVALID_LINK } from '@/lib/validation/auth';
import { call, makeUser, type ErrorBody } from './helpers';
import { linkIn, setUpTestMail } from './smtp';

const testMail = setUpTestMail({ origin: 'https://shop.example' });

let counter = 0;
async function signUp() {
  const email = `new-${Date.now()}-${counter++}@test.dev`;
  const { status, body } = await call<{ insertedId: string }>(signupRoute.POST, {
    method: 'POST',
    body: { name: 'Vera Verify', email, password: 'secret-123' },
  });
  expect(status).toBe(201);
  return { id: body.insertedId, email, token: await issueAccessToken(body.insertedId, email, 0) };
}

async function mailedToken(email: string): Promise<string> {
  await testMail.worker.drain();
  const mail = testMail.smtp.messages
    .filter((message) => message.to && 'text' in message.to && message.to.text === email)
    .at(-1);
  return new URL(linkIn(mail!, 'https://shop.example/verify-email?token=')).searchParams.get(
    'token',
  )!;
}

const verify = (token: string) =>
  call<ErrorBody & { verified: boolean }>(verifyRoute.POST, { method: 'POST', body: { token } });
const resend = (token?: string) => call<ErrorBody>(resendRoute.POST, { method: 'POST', token });
const verifiedAt = async (id: string) =>
  (await getDb().select().from(users).where(eq(users.id, id)))[0]!.emailVerified;

describe('email verification', () => {
  it('sign-up mails a 24-hour single-use link; using it verifies the address', async () => {
    const account = await signUp();
    const token = await mailedToken(account.email);
    const [mail] = testMail.smtp.messages;
    expect(mail!.subject).toBe('Verify your email for Toolhaus');
    expect(mail!.text).toContain('Hello Vera Verify');
    const [stored] = await getDb()
      .select()
      .from(oneTimeTokens)
      .where(eq(oneTimeTokens.userId, account.id));
    expect(stored!.expiresAt.getTime() - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    expect(await verifiedAt(account.id)).toBeNull();
    expect((await verify(token)).body).toEqual({ verified: true });
    expect(await verifiedAt(account.id)).toBeInstanceOf(Date);
    const again = await verify(token);
    expect(again.status).toBe(400);
    expect(again.body.error.message).toBe(INVALID_LINK);
  });

  it('Resend mails a new link and voids the old one; refused once verified or signed out', async () => {
    const account = await signUp();
    const first = await mailedToken(account.email);
    expect((await resend(account.token)).status).toBe(202);
    const second = await mailedToken(account.email);
    expect((await verify(first)).status).toBe(400);
    expect((await verify(second)).status).toBe(200);
    const verified = await resend(account.token);
    expect(verified.status).toBe(409);
    expect(verified.body.error.message).toBe('Your email is already verified');
    expect((await resend()).status).toBe(401);
  });

  it('refuses an expired link', async () => {
    const account = await signUp();
    const token = await mailedToken(account.email);
    await getDb()
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(oneTimeTokens.userId, account.id));
    expect((await verify(token)).status).toBe(400);
  });

  it('shows in the admin’s user list and blocks nothing', async () => {
    const admin = await makeUser('admin');
    const account = await signUp();
    const { body } = await call<UserDto[]>(usersRoute.GET, { token: admin.token });
    expect(body.find((user) => user._id === account.id)?.verified).toBe(false);
    await verify(await mailedToken(account.email));
    const after = await call<UserDto[]>(usersRoute.GET, { token: admin.token });
    expect(after.body.find((user) => user._id === account.id)?.verified).toBe(true);
  });
});
