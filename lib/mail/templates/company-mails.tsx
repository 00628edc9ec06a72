import type { MailData } from '@/lib/mail/kinds';
import { MailLayout } from './layout';

const ROLE_WORDS = {
  owner: 'an owner (members, addresses and every order)',
  approver: 'an approver (approves orders and buys without a limit)',
  buyer: 'a buyer',
} as const;

/** To an invited address: join the company's account. */
export function CompanyInvitationMail(invitation: MailData<'company_invitation'>) {
  return (
    <MailLayout
      heading={`Join ${invitation.company}`}
      action={{ label: 'Accept the invitation', href: invitation.link }}
    >
      <p>
        {invitation.inviter} invites you to buy for {invitation.company} as{' '}
        {ROLE_WORDS[invitation.role]}.
      </p>
      <p>
        Sign in, or sign up, with this email address and accept. The link works once, for 7 days; if
        you did not expect it, ignore this mail.
      </p>
    </MailLayout>
  );
}
