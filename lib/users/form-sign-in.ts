'use server';

import { AuthError } from 'next-auth';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { signIn } from '@/lib/auth';
import { AccountDisabledError, LoginLockedError } from '@/lib/auth/credentials';
import { clientRequest } from '@/lib/client-request';
import { AppError } from '@/lib/errors';
import { safeReturnPath } from '@/lib/routes';
import { mailOrigin } from '@/lib/mail/config';
import { signUp } from '@/lib/users/sign-up';
import { signupSchema } from '@/lib/validation/auth';

/*
 * The login and sign-up forms' POST targets before their scripts run (slow phone, scripts blocked): the password
 * travels in a POST body, never in a URL, and the visitor still signs in. Once hydrated, the forms sign in from the
 * browser as before and these never run.
 */

const field = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

/** Back to the form with an error code the page turns into words; only the return path travels along. */
function backTo(page: '/login' | '/signup', error: string, from: string): never {
  const query = new URLSearchParams({ error, ...(from && { from }) });
  redirect(`${page}?${query}`);
}

async function signInAndReturn(
  email: string,
  password: string,
  page: '/login' | '/signup',
  from: string,
) {
  try {
    await signIn('credentials', { email, password, redirectTo: safeReturnPath(from) });
  } catch (error) {
    // A successful sign-in ends in Next's redirect, which must travel on.
    if (!(error instanceof AuthError)) throw error;
    const code =
      error instanceof LoginLockedError
        ? 'Locked'
        : error instanceof AccountDisabledError
          ? 'AccountDisabled'
          : 'CredentialsSignin';
    backTo(page, code, from);
  }
}

export async function logInWithoutScript(form: FormData): Promise<void> {
  await signInAndReturn(
    field(form, 'email'),
    field(form, 'password'),
    '/login',
    field(form, 'from'),
  );
}

export async function signUpWithoutScript(form: FormData): Promise<void> {
  const from = field(form, 'from');
  const input = signupSchema.safeParse({
    name: field(form, 'name'),
    email: field(form, 'email'),
    password: field(form, 'password'),
  });
  if (!input.success) backTo('/signup', 'SignupInvalid', from);
  // The same address and links as the API's sign-up (lib/client-request.ts, lib/mail/config.ts).
  const context = { ip: clientRequest(await headers()).address, origin: mailOrigin() };
  try {
    await signUp(input.data, context);
  } catch (error) {
    if (error instanceof AppError && error.status === 409) backTo('/signup', 'EmailTaken', from);
    if (error instanceof AppError && error.status === 429) backTo('/signup', 'TooMany', from);
    throw error;
  }
  await signInAndReturn(input.data.email, input.data.password, '/signup', from);
}
