'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { errorMessage } from '@/components/forms/error-message';
import { TextField } from '@/components/forms/text-field';
import { BUTTON } from '@/components/ui/buttons';
import { apiRequest } from '@/lib/client/api';
import type { CompanyDto } from '@/lib/types';
import { companySchema } from '@/lib/validation/company';

/** My Profile → Company: printed on the invoices issued from now on; every field optional. */
export function CompanyForm({ company }: { company: CompanyDto }) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(companySchema),
    mode: 'onChange',
    defaultValues: {
      companyName: company.companyName ?? '',
      taxId: company.taxId ?? '',
      billingAddress: company.billingAddress ?? '',
      country: company.country ?? '',
      buyerReference: company.buyerReference ?? '',
    },
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      await apiRequest('PUT', '/api/user/company', values);
      toast.success('Company details saved');
    } catch (cause) {
      toast.error(errorMessage(cause, 'Could not save the company details'));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2">
      <TextField
        label="Company name"
        autoComplete="organization"
        error={errors.companyName?.message}
        {...register('companyName')}
      />
      <TextField label="VAT or tax id" error={errors.taxId?.message} {...register('taxId')} />
      <TextField
        label="Billing address"
        autoComplete="street-address"
        error={errors.billingAddress?.message}
        {...register('billingAddress')}
      />
      <TextField
        label="Billing country (2-letter code)"
        autoComplete="country"
        error={errors.country?.message}
        {...register('country')}
      />
      <TextField
        label="Buyer reference or Leitweg-ID"
        error={errors.buyerReference?.message}
        {...register('buyerReference')}
      />
      <p className="text-sm text-base-content/70">
        Printed on your invoices from now on; each order still ships to the address given with it.
        The billing country and VAT id decide the VAT on your orders.
      </p>
      <div className="card-actions justify-end">
        <button type="submit" className={BUTTON.primary} disabled={isSubmitting}>
          Save company
        </button>
      </div>
    </form>
  );
}
