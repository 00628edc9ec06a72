import { recordAudit } from '@/lib/audit/record';
import { requireAdmin } from '@/lib/auth/guards';
import type { Actor } from '@/lib/auth/actor';
import { getDb } from '@/lib/db/client';
import { conflict, notFound } from '@/lib/errors';
import { mailMode } from '@/lib/mail/config';
import { findOutboxMail, listOutbox, requeueFailed } from '@/lib/mail/outbox';
import { renderMail } from '@/lib/mail/render';
import { idSchema } from '@/lib/validation/fields';

/** Outgoing mail for the admin: every message, newest first, with its status and last error. */
export async function listOutgoingMail(actor: Actor | null) {
  requireAdmin(actor);
  return { mode: mailMode(), mails: await listOutbox(getDb()) };
}

/** One message as it was (or will be) sent; a mail not rendered yet is rendered for the view. */
export async function getOutgoingMail(actor: Actor | null, id: string) {
  requireAdmin(actor);
  const row = idSchema.safeParse(id).success ? await findOutboxMail(getDb(), id) : undefined;
  if (!row) throw notFound('No such mail');
  if (row.subject !== null) return row;
  const rendered = await renderMail(row.kind, row.data).catch(() => null);
  return { ...row, ...rendered };
}

/** Sends a failed mail again, with a fresh day of retries. */
export async function resendMail(actor: Actor | null, id: string): Promise<{ acknowledged: true }> {
  const admin = requireAdmin(actor);
  if (!idSchema.safeParse(id).success) throw notFound('No such mail');
  const requeued = await getDb().transaction(async (tx) => {
    const mail = await requeueFailed(tx, id);
    if (mail)
      await recordAudit(tx, {
        actor: admin,
        action: 'mail.resend',
        target: `mail "${mail.subject ?? mail.kind}" to ${mail.recipient}`,
        before: { status: 'failed' },
        after: { status: 'pending' },
      });
    return mail !== null;
  });
  if (requeued) return { acknowledged: true };
  if (!(await findOutboxMail(getDb(), id))) throw notFound('No such mail');
  throw conflict('Only a failed mail can be sent again');
}
