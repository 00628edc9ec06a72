import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { firstParam } from '@/components/auth/return-path';
import { SignupForm } from '@/components/auth/signup-form';
import { getSessionActor } from '@/lib/auth/caller';
import { redirectIfCodeOwed } from '@/lib/auth/page-guards';
import { configuredOAuthProviders } from '@/lib/auth/providers';
import { isGoogleConfigured } from '@/lib/env';
import { safeReturnPath } from '@/lib/routes';
import { NOINDEX } from '@/lib/seo/page-metadata';

export const metadata: Metadata = {
  title: 'Sign Up',
  description: 'Create an account to order tools in bulk from Toolhaus Manufacturing.',
  robots: NOINDEX,
};

export default async function SignupPage({ searchParams }: PageProps<'/signup'>) {
  const params = await searchParams;
  const from = firstParam(params.from);
  if (await getSessionActor()) redirect(safeReturnPath(from));
  await redirectIfCodeOwed(from);
  return (
    <SignupForm
      from={from}
      error={firstParam(params.error)}
      googleEnabled={isGoogleConfigured()}
      providers={configuredOAuthProviders()}
    />
  );
}
