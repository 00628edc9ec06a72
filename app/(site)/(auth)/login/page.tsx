import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { LoginForm } from '@/components/auth/login-form';
import { firstParam } from '@/components/auth/return-path';
import { getSessionActor } from '@/lib/auth/caller';
import { redirectIfCodeOwed } from '@/lib/auth/page-guards';
import { configuredOAuthProviders } from '@/lib/auth/providers';
import { isGoogleConfigured } from '@/lib/env';
import { safeReturnPath } from '@/lib/routes';
import { NOINDEX } from '@/lib/seo/page-metadata';

export const metadata: Metadata = {
  title: 'Log In',
  description:
    'Log in to order tools in bulk, pay for your orders and follow them in your dashboard.',
  robots: NOINDEX,
};

export default async function LoginPage({ searchParams }: PageProps<'/login'>) {
  const params = await searchParams;
  const from = firstParam(params.from);
  // Someone already signed in has nothing to do here: send them on as a fresh login would.
  if (await getSessionActor()) redirect(safeReturnPath(from));
  await redirectIfCodeOwed(from);
  return (
    <LoginForm
      from={from}
      error={firstParam(params.error)}
      googleEnabled={isGoogleConfigured()}
      providers={configuredOAuthProviders()}
    />
  );
}
