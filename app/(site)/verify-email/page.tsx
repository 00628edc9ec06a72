import type { Metadata } from 'next';
import { firstParam } from '@/components/auth/return-path';
import { VerifyEmailCard } from '@/components/auth/verify-email-card';

export const metadata: Metadata = {
  title: 'Verify your email',
  // The page's address carries a secret: keep it out of indexes and other sites' logs.
  robots: { index: false },
  referrer: 'no-referrer',
};

interface VerifyEmailPageProps {
  searchParams: Promise<{ token?: string | string[] }>;
}

export default async function VerifyEmailPage({ searchParams }: VerifyEmailPageProps) {
  return <VerifyEmailCard token={firstParam((await searchParams).token) ?? ''} />;
}
