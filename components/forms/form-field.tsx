import type { ReactNode } from 'react';

/** The id of a field's error message, for the input's aria-describedby. */
export const errorId = (id: string) => `${id}-error`;

/** Props that tie an input to its label and its error message (screen readers announce both). */
export function fieldAria(id: string, error: string | undefined) {
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId(id) : undefined,
  } as const;
}

interface FormFieldProps {
  id: string;
  label: string;
  error?: string;
  children: ReactNode;
}

/** A label, its input (children) and the schema's message in red under it. */
export function FormField({ id, label, error, children }: FormFieldProps) {
  return (
    <div className="flex w-full flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children}
      {error && (
        <p id={errorId(id)} className="text-sm text-error">
          {error}
        </p>
      )}
    </div>
  );
}
