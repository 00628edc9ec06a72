import type { Metadata } from 'next';
import { firstParam } from '@/components/auth/return-path';
import { ResetPasswordForm } from '@/components/auth/reset-password-form';

export const metadata: Metadata = {
  title: 'Set a new password',
  // The page's address carries a secret: keep it out of indexes and other sites' logs.
  robots: { index: false },
  referrer: 'no-referrer',
};

interface ResetPasswordPageProps {
  searchParams: Promise<{ token?: string | string[] }>;
}

export default async function ResetPasswordPage({ searchParams }: ResetPasswordPageProps) {
  return <ResetPasswordForm token={firstParam((await searchParams).token) ?? ''} />;
}
