import type { FormEventHandler, ReactNode } from 'react';

interface CredentialsFormProps {
  /** The server action that takes the form before the page has hydrated (lib/auth/form-sign-in.ts). */
  action: (form: FormData) => Promise<void>;
  /** The hydrated form's own submit (react-hook-form's handleSubmit, which prevents the POST). */
  onSubmit: FormEventHandler<HTMLFormElement>;
  from: string | undefined;
  children: ReactNode;
}

/**
 * A form that carries a password: before hydration the browser POSTs it to the server action, never as a GET with
 * the password in the URL; afterwards the client signs in from onSubmit.
 */
export function CredentialsForm({ action, onSubmit, from, children }: CredentialsFormProps) {
  return (
    <form action={action} onSubmit={onSubmit} noValidate className="flex flex-col gap-3">
      <input type="hidden" name="from" value={from ?? ''} />
      {children}
    </form>
  );
}
