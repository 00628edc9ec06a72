'use client';

import { useRouter } from 'next/navigation';
import { useState, useSyncExternalStore } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '@/components/forms/error-message';
import { TextField } from '@/components/forms/text-field';
import { ApiError, apiRequest } from '@/lib/client/api';

/** "Create a company": the caller founds one and becomes its owner. */
export function CreateCompanyForm() {
  const router = useRouter();
  const [name, setName] = useState('');
  const [taxId, setTaxId] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  // Enabled once the form can send itself: a click before hydration would submit the page as a plain form.
  const ready = useSyncExternalStore(
    () => () => {},
    () => true,
    () => false,
  );

  async function create(event: React.FormEvent) {
    event.preventDefault();
    setPending(true);
    setErrors({});
    try {
      await apiRequest('POST', '/api/companies', { name, taxId: taxId || null });
      toast.success(`${name} is created: you are its owner`);
      router.refresh();
    } catch (cause) {
      if (cause instanceof ApiError && Object.keys(cause.fields).length > 0)
        setErrors(cause.fields);
      else toast.error(errorMessage(cause, 'Could not create the company'));
    } finally {
      setPending(false);
    }
  }

  return (
    <form
      onSubmit={create}
      className="flex max-w-md flex-col gap-2"
      aria-labelledby="create-company-title"
    >
      <h3 id="create-company-title" className="text-lg font-semibold">
        Create a company
      </h3>
      <TextField
        label="Company name"
        value={name}
        maxLength={200}
        onChange={(event) => setName(event.target.value)}
        error={errors.name}
      />
      <TextField
        label="VAT or tax id (optional)"
        value={taxId}
        maxLength={50}
        onChange={(event) => setTaxId(event.target.value)}
        error={errors.taxId}
      />
      <button type="submit" className="btn btn-primary w-fit" disabled={pending || !ready}>
        Create company
      </button>
    </form>
  );
}
