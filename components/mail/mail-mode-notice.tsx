import type { MailMode } from '@/lib/mail/config';

const notices: Record<MailMode, { tone: string; text: string }> = {
  smtp: { tone: 'alert-info', text: 'Mail is sent through the configured SMTP server.' },
  mailbox: {
    tone: 'alert-info',
    text: 'No mail server is configured: messages stay in this local mailbox (and as .eml files in the data directory).',
  },
  unavailable: {
    tone: 'alert-warning',
    text: 'Mail is unavailable: set SMTP_URL to send it. Messages below wait until then.',
  },
};

export function MailModeNotice({ mode }: { mode: MailMode }) {
  const notice = notices[mode];
  return (
    <p role="status" className={`alert ${notice.tone}`}>
      {notice.text}
    </p>
  );
}
