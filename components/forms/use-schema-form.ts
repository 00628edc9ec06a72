'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type FieldValues, type Path } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A form checked by the same zod schema as its API call (messages as the user types), with the state every form
 * of the shop keeps beside it: the one-line message for the whole form, and whether a submission is under way.
 */
export function useSchemaForm<Output extends FieldValues, Input extends FieldValues>(
  schema: z.ZodType<Output, Input>,
  initialError: string | null = null,
) {
  const form = useForm<Input, unknown, Output>({ resolver: zodResolver(schema), mode: 'onChange' });
  const [formError, setFormError] = useState<string | null>(initialError);
  const [busy, setBusy] = useState(false);
  /** A field's props for TextField: registered with the form, with the schema's message for it. */
  const field = (name: Path<Input>) => ({
    ...form.register(name),
    error: form.getFieldState(name, form.formState).error?.message,
  });
  return { ...form, field, formError, setFormError, busy, setBusy };
}
