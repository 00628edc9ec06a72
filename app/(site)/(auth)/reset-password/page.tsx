import { AuthCard } from '@/components/auth/auth-card';
import { CardLink } from '@/components/auth/card-link';
import { firstParam } from '@/components/auth/return-path';
import { tokenPageMetadata } from '@/components/auth/token-page-metadata';
import { ResetPasswordForm } from '@/components/auth/reset-password-form';
import { ACCOUNT_DISABLED } from '@/lib/auth/account-disabled';
import { resetLinkState } from '@/lib/users/password-reset';

export const metadata = tokenPageMetadata('Set a new password');

export default async function ResetPasswordPage({ searchParams }: PageProps<'/reset-password'>) {
  const token = firstParam((await searchParams).token) ?? '';
  // A disabled account is told at once rather than after choosing a password (the API refuses it too).
  if (token && (await resetLinkState(token)) === 'disabled') {
    return (
      <AuthCard
        title="Set a new password"
        error={ACCOUNT_DISABLED}
        footer={<CardLink href="/">Back to the shop</CardLink>}
      />
    );
  }
  return <ResetPasswordForm token={token} />;
}
