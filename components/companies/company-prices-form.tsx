'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { fieldAria, FormField } from '@/components/forms/form-field';
import { BUTTON, ROW_BUTTON } from '@/components/ui/buttons';
import { ApiError, apiRequest } from '@/lib/client/api';
import type { CompanyPricesDto } from '@/lib/types';
import {
  companyPricesSchema,
  MAX_COMPANY_PRICES,
  type CompanyPricesInput,
} from '@/lib/validation/company-prices';

/**
 * Companies → a company → Prices: the company's own price per SKU and its discount off the catalogue
 * (`PUT /api/companies/{id}/prices`). Members pay the lowest of these and the catalogue's price at the break.
 */
export function CompanyPricesForm({ initial }: { initial: CompanyPricesDto }) {
  const router = useRouter();
  const { control, register, handleSubmit, setError, formState } = useForm<
    CompanyPricesInput,
    unknown,
    CompanyPricesInput
  >({
    resolver: zodResolver(companyPricesSchema),
    mode: 'onChange',
    defaultValues: {
      prices: initial.prices.map(({ sku, price }) => ({ sku, price })),
      discountPercent: initial.discountPercent,
    },
  });
  const { fields, append, remove } = useFieldArray({ control, name: 'prices' });
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function save(values: CompanyPricesInput) {
    setBusy(true);
    setFormError(null);
    try {
      await apiRequest<CompanyPricesDto>(
        'PUT',
        `/api/companies/${encodeURIComponent(initial.companyId)}/prices`,
        values,
      );
      toast.success('Prices saved');
      router.refresh();
    } catch (cause) {
      const fieldErrors = cause instanceof ApiError ? Object.entries(cause.fields) : [];
      for (const [name, message] of fieldErrors)
        setError(name as 'prices' | `prices.${number}.sku` | 'discountPercent', { message });
      if (fieldErrors.length === 0)
        setFormError(cause instanceof Error ? cause.message : 'Could not save the prices');
    } finally {
      setBusy(false);
    }
  }

  const errors = formState.errors;
  const discountError = errors.discountPercent?.message;
  const listError = errors.prices?.message ?? errors.prices?.root?.message;
  return (
    <form
      onSubmit={handleSubmit(save)}
      noValidate
      className="flex max-w-2xl flex-col gap-3"
      aria-labelledby="prices-title"
    >
      <p className="text-sm text-base-content/75">
        The company&apos;s members pay the lowest of its price, the catalogue&apos;s price at the
        quantity&apos;s break and the catalogue price less the discount. Nobody else sees these
        prices.
      </p>
      <div className="w-48">
        <FormField
          id="company-discount"
          label="Discount off the catalogue (%)"
          error={discountError}
        >
          <input
            type="number"
            min={0}
            max={90}
            step={0.01}
            inputMode="decimal"
            className="input w-full"
            {...fieldAria('company-discount', discountError)}
            {...register('discountPercent', { valueAsNumber: true })}
          />
        </FormField>
      </div>
      <fieldset className="flex flex-col gap-2 rounded-box border border-base-300 p-3">
        <legend className="px-1 text-sm font-medium">Price list</legend>
        {fields.length === 0 && <p className="text-sm">No prices of its own yet.</p>}
        {fields.map((field, index) => {
          const rowErrors = errors.prices?.[index];
          const skuId = `company-price-${index}-sku`;
          const priceId = `company-price-${index}-price`;
          return (
            <div key={field.id} className="flex flex-wrap items-start gap-2">
              <div className="w-40">
                <FormField
                  id={skuId}
                  label={`Line ${index + 1}: SKU`}
                  error={rowErrors?.sku?.message}
                >
                  <input
                    className="input w-full"
                    autoCapitalize="characters"
                    {...fieldAria(skuId, rowErrors?.sku?.message)}
                    {...register(`prices.${index}.sku`)}
                  />
                </FormField>
              </div>
              <div className="w-36">
                <FormField id={priceId} label="Price each ($)" error={rowErrors?.price?.message}>
                  <input
                    type="number"
                    min={0}
                    step={0.01}
                    inputMode="decimal"
                    className="input w-full"
                    {...fieldAria(priceId, rowErrors?.price?.message)}
                    {...register(`prices.${index}.price`, { valueAsNumber: true })}
                  />
                </FormField>
              </div>
              <button
                type="button"
                className={`btn btn-ghost ${ROW_BUTTON} mt-6`}
                aria-label={`Remove line ${index + 1}`}
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
          className={`${BUTTON.quiet} ${ROW_BUTTON} self-start`}
          disabled={fields.length >= MAX_COMPANY_PRICES}
          // Empty inputs until the admin types: the schema then names what is missing.
          onClick={() => append({} as CompanyPricesInput['prices'][number], { shouldFocus: true })}
        >
          Add a price
        </button>
      </fieldset>
      {formError && (
        <p role="alert" className="text-sm text-error">
          {formError}
        </p>
      )}
      <button type="submit" className={`${BUTTON.primary} self-start`} disabled={busy}>
        {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        Save prices
      </button>
    </form>
  );
}
