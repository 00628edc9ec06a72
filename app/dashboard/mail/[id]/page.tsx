import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { PageHeading } from '@/components/dashboard/page-heading';
import { MailStatus } from '@/components/mail/mail-status';
import { ResendButton } from '@/components/mail/resend-button';
import { requirePageAdmin } from '@/lib/auth/page-guards';
import { AppError } from '@/lib/errors';
import { getOutgoingMail } from '@/lib/mail/admin';

export const metadata: Metadata = { title: 'Outgoing mail' };

async function findMail(id: string) {
  const actor = await requirePageAdmin(`/dashboard/mail/${id}`);
  try {
    return await getOutgoingMail(actor, id);
  } catch (error) {
    if (error instanceof AppError && error.status === 404) notFound();
    throw error;
  }
}

export default async function OutgoingMailMessagePage({
  params,
}: PageProps<'/dashboard/mail/[id]'>) {
  const mail = await findMail((await params).id);
  return (
    <section aria-labelledby="mail-heading" className="flex flex-col gap-4">
      <Link href="/dashboard/mail" className="link">
        Back to Outgoing mail
      </Link>
      <PageHeading id="mail-heading">{mail.subject ?? 'Mail that can not be rendered'}</PageHeading>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="font-semibold">To</dt>
        <dd className="break-all">{mail.recipient}</dd>
        <dt className="font-semibold">Status</dt>
        <dd>
          <MailStatus status={mail.status} />
        </dd>
        <dt className="font-semibold">Attempts</dt>
        <dd>{mail.attempts}</dd>
        <dt className="font-semibold">Last error</dt>
        <dd className="break-words">{mail.lastError ?? 'none'}</dd>
        <dt className="font-semibold">Sent</dt>
        <dd>{mail.sentAt ? `${mail.sentAt.toISOString()}` : 'not yet'}</dd>
      </dl>
      {mail.status === 'failed' && (
        <div>
          <ResendButton id={mail.id} recipient={mail.recipient} />
        </div>
      )}
      <h3 className="text-lg font-semibold">Message</h3>
      <pre className="whitespace-pre-wrap break-words rounded-box border border-base-300 bg-base-100 p-4 text-sm">
        {mail.text ?? ''}
      </pre>
    </section>
  );
}
