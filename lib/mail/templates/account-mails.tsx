import type { MailData } from '@/lib/mail/kinds';
import { MailLayout } from './layout';

export function PasswordResetMail({ name, link }: MailData<'password_reset'>) {
  return (
    <MailLayout heading="Reset your password" action={{ label: 'Set a new password', href: link }}>
      <p>Hello {name},</p>
      <p>
        Someone, hopefully you, asked to reset the password of your account. The link works once,
        for 30 minutes. If you did not ask, ignore this mail: your password stays as it is.
      </p>
    </MailLayout>
  );
}

export function EmailVerificationMail({ name, link }: MailData<'email_verification'>) {
  return (
    <MailLayout heading="Verify your email" action={{ label: 'Verify my email', href: link }}>
      <p>Hello {name},</p>
      <p>Welcome! Please confirm that this address is yours. The link works once, for 24 hours.</p>
    </MailLayout>
  );
}

export function PasswordChangedMail({ name, link }: MailData<'password_changed'>) {
  return (
    <MailLayout
      heading="Your password was changed"
      action={{ label: 'Reset my password', href: link }}
    >
      <p>Hello {name},</p>
      <p>
        The password of your account was just changed and every other session was signed out. If
        this was not you, reset your password now.
      </p>
    </MailLayout>
  );
}

export function AccountClosedMail({
  name,
  cancelledOrders,
  keptOrders,
}: MailData<'account_closed'>) {
  return (
    <MailLayout heading="Your account is closed">
      <p>Hello {name},</p>
      <p>
        As you asked, your account is closed and every session of it is signed out. Unpaid orders
        cancelled: {cancelledOrders}. Paid orders kept for our records, without your name and email:{' '}
        {keptOrders}. Your reviews stay without your email.
      </p>
      <p>If this was not you, reply to this mail.</p>
    </MailLayout>
  );
}
