import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { LoginForm } from '@/components/auth/login-form';
import { firstParam } from '@/components/auth/return-path';
import { getSessionActor } from '@/lib/auth/caller';
import { redirectIfCodeOwed } from '@/lib/auth/page-guards';
import { configuredOAuthProviders } from '@/lib/auth/providers';
import { isGoogleConfigured } from '@/lib/env';
import { AppError } from '@/lib/errors';
import { safeReturnPath } from '@/lib/routes';
import { NOINDEX } from '@/lib/seo/page-metadata';
import { getTool } from '@/lib/tools/catalogue';

export const metadata: Metadata = {
  title: 'Log In',
  description:
    'Log in to order tools in bulk, pay for your orders and follow them in your dashboard.',
  robots: NOINDEX,
};

const ORDER_PAGE = /^\/tools\/([0-9a-f-]{36})\/?$/i;

/** "Log in to order Claw hammer" when the visitor was sent here from a tool's order page; else nothing. */
async function intentOf(from: string | undefined): Promise<string | undefined> {
  const id = ORDER_PAGE.exec(new URL(safeReturnPath(from), 'http://x').pathname)?.[1];
  if (!id) return undefined;
  const tool = await getTool(id).catch((error: unknown) => {
    if (error instanceof AppError && error.status === 404) return null;
    throw error;
  });
  return tool ? `Log in to order ${tool.name}` : undefined;
}

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
      intent={await intentOf(from)}
    />
  );
}
