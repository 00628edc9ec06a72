import { AuthCard } from '@/components/auth/auth-card';
import { CardLink } from '@/components/auth/card-link';
import { EmailLinkSignInCard } from '@/components/auth/email-link-sign-in-card';
import { firstParam } from '@/components/auth/return-path';
import { tokenPageMetadata } from '@/components/auth/token-page-metadata';
import { describeEmailLink } from '@/lib/users/email-link';
import { oneTimeTokenSchema, INVALID_LINK } from '@/lib/validation/auth';

export const metadata = tokenPageMetadata('Sign in');

export default async function EmailLinkSignInPage({
  searchParams,
}: PageProps<'/email-link/sign-in'>) {
  const params = await searchParams;
  const token = oneTimeTokenSchema.safeParse(firstParam(params.token));
  const link = token.success ? await describeEmailLink(token.data) : null;
  if (!token.success || !link) {
    return (
      <AuthCard
        title="Sign in"
        footer={<CardLink href="/email-link">Email me a new link</CardLink>}
      >
        <p role="alert" className="alert alert-error">
          {INVALID_LINK}
        </p>
      </AuthCard>
    );
  }
  return <EmailLinkSignInCard token={token.data} {...link} from={firstParam(params.from)} />;
}
