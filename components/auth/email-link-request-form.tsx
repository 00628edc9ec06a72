import { MailedLinkRequestCard } from '@/components/auth/mailed-link-request-card';
import { withFrom } from '@/components/auth/return-path';

/** "Email me a sign-in link": one address in, the same answer for every address out. */
export function EmailLinkRequestForm({ from }: { from: string | undefined }) {
  return (
    <MailedLinkRequestCard
      title="Sign in by email"
      intro="We will mail you a link that signs you in. New here? The link opens your account."
      submitLabel="Email me a sign-in link"
      endpoint="/api/email-link"
      extra={{ from }}
      backHref={withFrom('/login', from)}
    />
  );
}
