import { firstParam } from '@/components/auth/return-path';
import { tokenPageMetadata } from '@/components/auth/token-page-metadata';
import { ResetPasswordForm } from '@/components/auth/reset-password-form';

export const metadata = tokenPageMetadata('Set a new password');

export default async function ResetPasswordPage({ searchParams }: PageProps<'/reset-password'>) {
  return <ResetPasswordForm token={firstParam((await searchParams).token) ?? ''} />;
}
