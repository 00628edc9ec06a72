import { useId, type ComponentProps } from 'react';
import { fieldAria, FormField } from './form-field';

interface TextFieldProps extends ComponentProps<'input'> {
  label: string;
  /** The schema's message for this field, shown in red under it. */
  error?: string;
}

/** A labelled daisyUI input with its validation message; spread react-hook-form's register() into it. */
export function TextField({ label, error, id, className = '', ...input }: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  return (
    <FormField id={inputId} label={label} error={error}>
      <input
        className={`input w-full ${error ? 'input-error' : ''} ${input.readOnly ? 'bg-base-200' : ''} ${className}`}
        {...fieldAria(inputId, error)}
        {...input}
      />
    </FormField>
  );
}
