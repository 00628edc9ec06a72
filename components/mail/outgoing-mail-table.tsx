import Link from 'next/link';
import { DataTable, type Column } from '@/components/tables/data-table';
import { formatDateTime } from '@/lib/format';
import type { listOutbox } from '@/lib/mail/outbox';
import { MailStatus } from './mail-status';
import { ResendButton } from './resend-button';

type Mail = Awaited<ReturnType<typeof listOutbox>>[number];

const subjectOf = (mail: Mail) => mail.subject ?? `(${mail.kind.replaceAll('_', ' ')})`;

// A table on wide screens, one card per mail on phones (DataTable): seven columns never fit a phone.
const COLUMNS: readonly Column<Mail>[] = [
  {
    header: 'Recipient',
    card: 'none',
    cell: (mail) => <span className="break-all">{mail.recipient}</span>,
  },
  {
    header: 'Subject',
    cell: (mail) => (
      <Link className="link" href={`/dashboard/mail/${mail.id}`}>
        {subjectOf(mail)}
      </Link>
    ),
  },
  { header: 'Status', cell: (mail) => <MailStatus status={mail.status} /> },
  { header: 'Attempts', cell: (mail) => mail.attempts },
  {
    header: 'Last error',
    cell: (mail) => <span className="max-w-xs text-sm break-words">{mail.lastError ?? ''}</span>,
  },
  {
    header: 'Queued',
    cell: (mail) => (
      <time dateTime={mail.createdAt.toISOString()} className="text-sm">
        {formatDateTime(mail.createdAt.toISOString())}
      </time>
    ),
  },
  {
    header: 'Resend',
    card: 'action',
    cell: (mail) =>
      mail.status === 'failed' && <ResendButton id={mail.id} recipient={mail.recipient} />,
  },
];

export function OutgoingMailTable({ mails }: { mails: Mail[] }) {
  if (mails.length === 0) return <p>No mail has been sent yet.</p>;
  return (
    <DataTable
      caption="Outgoing mail"
      columns={COLUMNS}
      rows={mails}
      rowKey={(mail) => mail.id}
      cardTitle={(mail) => <span className="break-all">{mail.recipient}</span>}
    />
  );
}
