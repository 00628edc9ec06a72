import type { Route } from 'next';
import { redirect } from 'next/navigation';
import { auth } from '@/lib/auth';

/** The sign-in's code step, remembering where the person was going. */
const codeStepPath = (from: string | undefined): Route =>
  from ? `/two-factor?${new URLSearchParams({ from })}` : '/two-factor';

/** A page for signed-out visitors (login, sign-up) sends a session that still owes its code to the code step. */
export async function redirectIfCodeOwed(from: string | undefined): Promise<void> {
  if ((await auth())?.twoFactorPending) redirect(codeStepPath(from));
}
