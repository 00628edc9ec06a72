import Link from 'next/link';
import { TableFrame } from '@/components/tables/table-frame';
import type { listOutbox } from '@/lib/mail/outbox';
import { MailStatus } from './mail-status';
import { ResendButton } from './resend-button';

type Mail = Awaited<ReturnType<typeof listOutbox>>[number];

const HEADERS = ['Recipient', 'Subject', 'Status', 'Attempts', 'Last error', 'Queued', 'Resend'];
const when = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});

export function OutgoingMailTable({ mails }: { mails: Mail[] }) {
  if (mails.length === 0) return <p>No mail has been sent yet.</p>;
  return (
    <TableFrame caption="Outgoing mail" headers={HEADERS}>
      {mails.map((mail) => (
        <tr key={mail.id}>
          <td className="break-all">{mail.recipient}</td>
          <td>
            <Link className="link" href={`/dashboard/mail/${mail.id}`}>
              {mail.subject ?? `(${mail.kind.replaceAll('_', ' ')})`}
            </Link>
          </td>
          <td>
            <MailStatus status={mail.status} />
          </td>
          <td>{mail.attempts}</td>
          <td className="max-w-xs break-words text-sm">{mail.lastError ?? ''}</td>
          <td className="whitespace-nowrap text-sm">{when.format(mail.createdAt)} UTC</td>
          <td>
            {mail.status === 'failed' && <ResendButton id={mail.id} recipient={mail.recipient} />}
          </td>
        </tr>
      ))}
    </TableFrame>
  );
}
