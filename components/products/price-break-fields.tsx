'use client';

import {
  useFieldArray,
  type Control,
  type FieldErrors,
  type UseFormRegister,
} from 'react-hook-form';
import { fieldAria, FormField } from '@/components/forms/form-field';
import type { ProductFormValues, ProductInput } from '@/lib/validation/tools';
import { MAX_PRICE_BREAKS, type PriceBreakInput } from '@/lib/validation/price-breaks';

interface PriceBreakFieldsProps {
  control: Control<ProductFormValues, unknown, ProductInput>;
  register: UseFormRegister<ProductFormValues>;
  errors: FieldErrors<ProductFormValues>;
}

/** The product form's price breaks: a row per break (from how many pieces, at what price), added and removed. */
export function PriceBreakFields({ control, register, errors }: PriceBreakFieldsProps) {
  const { fields, append, remove } = useFieldArray({ control, name: 'priceBreaks' });
  const listError = errors.priceBreaks?.message ?? errors.priceBreaks?.root?.message;
  return (
    <fieldset className="flex flex-col gap-2 rounded-box border border-base-300 p-3">
      <legend className="px-1 text-sm font-medium">Price breaks</legend>
      <p className="text-sm text-base-content/75">
        A lower price per piece from a larger quantity; at most {MAX_PRICE_BREAKS}, each starting
        above the one before.
      </p>
      {fields.map((field, index) => {
        const rowErrors = errors.priceBreaks?.[index];
        const quantityId = `product-break-${index}-quantity`;
        const priceId = `product-break-${index}-price`;
        return (
          <div key={field.id} className="flex items-start gap-2">
            <FormField
              id={quantityId}
              label={`Break ${index + 1}: from (pieces)`}
              error={rowErrors?.minQuantity?.message}
            >
              <input
                type="number"
                min={1}
                step={1}
                inputMode="numeric"
                className="input w-full"
                {...fieldAria(quantityId, rowErrors?.minQuantity?.message)}
                {...register(`priceBreaks.${index}.minQuantity`, { valueAsNumber: true })}
              />
            </FormField>
            <FormField
              id={priceId}
              label={`Break ${index + 1}: price each`}
              error={rowErrors?.price?.message}
            >
              <input
                type="number"
                min={0}
                step={0.01}
                inputMode="decimal"
                className="input w-full"
                {...fieldAria(priceId, rowErrors?.price?.message)}
                {...register(`priceBreaks.${index}.price`, { valueAsNumber: true })}
              />
            </FormField>
            <button
              type="button"
              className="btn btn-ghost btn-sm mt-6"
              aria-label={`Remove break ${index + 1}`}
              onClick={() => remove(index)}
            >
              Remove
            </button>
          </div>
        );
      })}
      {listError && <p className="text-sm text-error">{listError}</p>}
      <button
        type="button"
        className="btn btn-outline btn-sm self-start"
        disabled={fields.length >= MAX_PRICE_BREAKS}
        // Empty inputs until the admin types: the schema then names what is missing.
        onClick={() => append({} as PriceBreakInput, { shouldFocus: true })}
      >
        Add price break
      </button>
    </fieldset>
  );
}
