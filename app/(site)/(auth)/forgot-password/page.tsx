import type { Metadata } from 'next';
import { connection } from 'next/server';
import { ForgotPasswordForm } from '@/components/auth/forgot-password-form';
import { MailUnavailableCard } from '@/components/auth/mail-unavailable-card';
import { mailAvailable } from '@/lib/mail/config';

export const metadata: Metadata = {
  title: 'Forgot password',
  description: 'Get a link to set a new password for your Toolhaus account.',
};

export default async function ForgotPasswordPage() {
  // Whether mail works is the running server's setting, not the build's: render per request.
  await connection();
  return mailAvailable() ? <ForgotPasswordForm /> : <MailUnavailableCard title="Forgot password" />;
}
