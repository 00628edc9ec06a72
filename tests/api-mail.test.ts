import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as resendRoute from '@/app/api/mail/[id]/resend/route';
import { getDb } from '@/lib/db/client';
import { mailOutbox } from '@/lib/db/schema';
import { getOutgoingMail, listOutgoingMail } from '@/lib/mail/admin';
import { enqueueMail } from '@/lib/mail/outbox';
import { actorOf, call, makeUser, type ErrorBody, type TestUser } from './helpers';

let admin: TestUser;
let customer: TestUser;

beforeAll(async () => {
  admin = await makeUser('admin');
  customer = await makeUser('customer');
});

async function failedMail(): Promise<string> {
  const id = await enqueueMail(getDb(), 'password_reset', 'lost@test.dev', {
    name: 'Lost',
    link: 'https://x.test/r',
  });
  await getDb()
    .update(mailOutbox)
    .set({ status: 'failed', attempts: 9, lastError: '554 rejected' })
    .where(eq(mailOutbox.id, id));
  return id;
}

const resend = (id: string, user?: TestUser) =>
  call<ErrorBody & { acknowledged: boolean }>(resendRoute.POST, {
    method: 'POST',
    params: { id },
    token: user?.token,
  });

describe('Outgoing mail (admin)', () => {
  it('lists every message with recipient, status, attempts and last error, and opens one rendered', async () => {
    const id = await failedMail();
    const { mode, mails } = await listOutgoingMail(actorOf(admin));
    expect(mode).toBe(process.env.DATABASE_URL ? 'unavailable' : 'mailbox');
    expect(mails.find((mail) => mail.id === id)).toMatchObject({
      recipient: 'lost@test.dev',
      status: 'failed',
      attempts: 9,
      lastError: '554 rejected',
    });
    const opened = await getOutgoingMail(actorOf(admin), id);
    expect(opened.subject).toBe('Reset your Toolhaus password');
    expect(opened.text).toContain('https://x.test/r');
  });

  it('is the admin’s only', async () => {
    await expect(listOutgoingMail(actorOf(customer))).rejects.toMatchObject({ status: 403 });
    await expect(listOutgoingMail(null)).rejects.toMatchObject({ status: 401 });
    await expect(getOutgoingMail(actorOf(customer), await failedMail())).rejects.toMatchObject({
      status: 403,
    });
  });

  it('POST /api/mail/{id}/resend queues a failed mail again', async () => {
    const id = await failedMail();
    const { status, body } = await resend(id, admin);
    expect(status).toBe(200);
    expect(body).toEqual({ acknowledged: true });
    const [row] = await getDb().select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ status: 'pending', attempts: 0 });
    const again = await resend(id, admin);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('Only a failed mail can be sent again');
    expect((await resend('not-an-id', admin)).status).toBe(404);
    expect((await resend('6f1c8a52-0000-4000-8000-000000000000', admin)).status).toBe(404);
  });
});
