'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '@/components/forms/error-message';
import { TextField } from '@/components/forms/text-field';
import { BUTTON, ROW_BUTTON } from '@/components/ui/buttons';
import { ApiError, apiRequest } from '@/lib/client/api';
import type { CompanyAddressDto } from '@/lib/types';

const EMPTY = {
  label: '',
  recipient: '',
  companyName: '',
  street: '',
  postcode: '',
  city: '',
  region: '',
  country: '',
  phone: '',
};
type Fields = typeof EMPTY;
const FIELDS: { name: keyof Fields; label: string }[] = [
  { name: 'label', label: 'Label (e.g. Warehouse North)' },
  { name: 'recipient', label: 'Recipient' },
  { name: 'companyName', label: 'Company (optional)' },
  { name: 'street', label: 'Street' },
  { name: 'postcode', label: 'Postcode' },
  { name: 'city', label: 'City' },
  { name: 'region', label: 'Region (optional)' },
  { name: 'country', label: 'Country (2 letters, e.g. DE)' },
  { name: 'phone', label: 'Phone (optional)' },
];

/** The company's address book: every member reads it; owners add and remove places to ship to. */
export function AddressBook({
  addresses,
  canEdit,
}: {
  addresses: CompanyAddressDto[];
  canEdit: boolean;
}) {
  const router = useRouter();
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);

  async function add(event: React.FormEvent) {
    event.preventDefault();
    setPending(true);
    setErrors({});
    try {
      await apiRequest('POST', '/api/company/addresses', fields);
      toast.success(`${fields.label} is in the address book`);
      setFields(EMPTY);
      router.refresh();
    } catch (cause) {
      if (cause instanceof ApiError && Object.keys(cause.fields).length > 0)
        setErrors(cause.fields);
      else toast.error(errorMessage(cause, 'Could not save the address'));
    } finally {
      setPending(false);
    }
  }

  async function remove(address: CompanyAddressDto) {
    try {
      await apiRequest('DELETE', `/api/company/addresses/${encodeURIComponent(address.addressId)}`);
      toast.success(`${address.label} is removed`);
      router.refresh();
    } catch (cause) {
      toast.error(errorMessage(cause, 'Could not remove the address'));
    }
  }

  return (
    <div className="flex flex-col gap-3">
      {addresses.length === 0 ? (
        <p className="text-base-content/75">No addresses yet.</p>
      ) : (
        <ul className="grid gap-2 sm:grid-cols-2">
          {addresses.map((address) => (
            <li key={address.addressId} className="rounded-box border border-base-300 p-3">
              <p className="font-semibold">{address.label}</p>
              <p className="text-sm">
                {address.recipient}
                {address.companyName && `, ${address.companyName}`}
                <br />
                {address.street}, {address.postcode} {address.city}
                {address.region && `, ${address.region}`}, {address.country}
                {address.phone && (
                  <>
                    <br />
                    {address.phone}
                  </>
                )}
              </p>
              {canEdit && (
                <button
                  type="button"
                  className={`${BUTTON.quiet} ${ROW_BUTTON} mt-1`}
                  onClick={() => void remove(address)}
                >
                  Remove {address.label}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {canEdit && (
        <form
          onSubmit={add}
          className="grid max-w-2xl gap-2 sm:grid-cols-2"
          aria-labelledby="new-address-title"
        >
          <h4 id="new-address-title" className="font-semibold sm:col-span-2">
            Add an address
          </h4>
          {FIELDS.map(({ name, label }) => (
            <TextField
              key={name}
              label={label}
              value={fields[name]}
              onChange={(event) => setFields({ ...fields, [name]: event.target.value })}
              error={errors[name]}
            />
          ))}
          <button type="submit" className="btn btn-outline w-fit sm:col-span-2" disabled={pending}>
            Save address
          </button>
        </form>
      )}
    </div>
  );
}
