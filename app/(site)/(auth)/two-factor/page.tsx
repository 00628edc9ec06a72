import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { firstParam, withFrom } from '@/components/auth/return-path';
import { TwoFactorForm } from '@/components/two-factor/two-factor-form';
import { auth } from '@/lib/auth';
import { safeReturnPath } from '@/lib/routes';
import { NOINDEX } from '@/lib/seo/page-metadata';

export const metadata: Metadata = { title: 'Two-factor authentication', robots: NOINDEX };

/** The code step of a sign-in, whichever way the first step was taken (lib/two-factor/session.ts). */
export default async function TwoFactorPage({ searchParams }: PageProps<'/two-factor'>) {
  const from = firstParam((await searchParams).from);
  const session = await auth();
  if (!session) redirect(withFrom('/login', from));
  if (!session.twoFactorPending) redirect(safeReturnPath(from));
  return <TwoFactorForm from={from} />;
}
