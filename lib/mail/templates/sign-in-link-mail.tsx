import type { MailData } from '@/lib/mail/kinds';
import { MailLayout } from './layout';

export function SignInLinkMail({ name, link, newAccount }: MailData<'sign_in_link'>) {
  return (
    <MailLayout
      heading={newAccount ? 'Open your account' : 'Sign in'}
      action={{ label: newAccount ? 'Open my account' : 'Sign in', href: link }}
    >
      <p>Hello {name},</p>
      <p>
        {newAccount
          ? 'Someone, hopefully you, asked to sign in with this address. There is no account for it yet: the link opens one.'
          : 'Someone, hopefully you, asked for a link to sign in.'}{' '}
        The link works once, for 15 minutes. If you did not ask, ignore this mail.
      </p>
    </MailLayout>
  );
}
