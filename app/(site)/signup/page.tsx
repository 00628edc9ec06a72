import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { firstParam } from '@/components/auth/return-path';
import { SignupForm } from '@/components/auth/signup-form';
import { getSessionActor } from '@/lib/auth/get-actor';
import { isGoogleConfigured } from '@/lib/env';
import { safeReturnPath } from '@/lib/routes';
import { NOINDEX } from '@/lib/seo/page-metadata';

export const metadata: Metadata = {
  title: 'Sign Up',
  description: 'Create an account to order tools in bulk from Toolhaus Manufacturing.',
  robots: NOINDEX,
};

interface SignupPageProps {
  searchParams: Promise<{ from?: string | string[] }>;
}

export default async function SignupPage({ searchParams }: SignupPageProps) {
  const from = firstParam((await searchParams).from);
  if (await getSessionActor()) redirect(safeReturnPath(from));
  return <SignupForm from={from} googleEnabled={isGoogleConfigured()} />;
}
