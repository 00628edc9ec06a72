import type { Metadata } from 'next';
import { connection } from 'next/server';
import { EmailLinkRequestForm } from '@/components/auth/email-link-request-form';
import { MailUnavailableCard } from '@/components/auth/mail-unavailable-card';
import { firstParam } from '@/components/auth/return-path';
import { mailAvailable } from '@/lib/mail/config';
import { NOINDEX } from '@/lib/seo/page-metadata';

export const metadata: Metadata = {
  title: 'Sign in by email',
  description: 'Get a link by mail that signs you in to Toolhaus, or opens your account.',
  robots: NOINDEX,
};

export default async function EmailLinkPage({ searchParams }: PageProps<'/email-link'>) {
  // Whether mail works is the running server's setting, not the build's: render per request.
  await connection();
  const from = firstParam((await searchParams).from);
  return mailAvailable() ? (
    <EmailLinkRequestForm from={from} />
  ) : (
    <MailUnavailableCard title="Sign in by email" />
  );
}
