import type { Metadata } from 'next';
import { PageHeading } from '@/components/dashboard/page-heading';
import { MailModeNotice } from '@/components/mail/mail-mode-notice';
import { OutgoingMailTable } from '@/components/mail/outgoing-mail-table';
import { requirePageAdmin } from '@/lib/auth/page-guards';
import { listOutgoingMail } from '@/lib/mail/admin';

export const metadata: Metadata = { title: 'Outgoing mail' };

export default async function OutgoingMailPage() {
  const actor = await requirePageAdmin('/dashboard/mail');
  const { mode, mails } = await listOutgoingMail(actor);
  return (
    <section aria-labelledby="outgoing-mail-heading" className="flex flex-col gap-4">
      <PageHeading id="outgoing-mail-heading">Outgoing mail</PageHeading>
      <MailModeNotice mode={mode} />
      <OutgoingMailTable mails={mails} />
    </section>
  );
}
