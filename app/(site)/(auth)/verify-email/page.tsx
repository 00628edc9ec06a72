import { firstParam } from '@/components/auth/return-path';
import { tokenPageMetadata } from '@/components/auth/token-page-metadata';
import { VerifyEmailCard } from '@/components/auth/verify-email-card';

export const metadata = tokenPageMetadata('Verify your email');

export default async function VerifyEmailPage({ searchParams }: PageProps<'/verify-email'>) {
  return <VerifyEmailCard token={firstParam((await searchParams).token) ?? ''} />;
}
