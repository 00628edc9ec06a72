import type { ComponentProps } from 'react';
import { fieldAria, FormField } from '@/components/forms/form-field';
import type { CompanyAddressDto } from '@/lib/types';

interface ShipToSelectProps extends ComponentProps<'select'> {
  id: string;
  addresses: CompanyAddressDto[];
  error?: string;
}

/** "Ship to": an entry of the company's address book, or a new address typed below (checkout, a quote's accept). */
export function ShipToSelect({ id, addresses, error, ...select }: ShipToSelectProps) {
  return (
    <FormField id={id} label="Ship to" error={error}>
      <select className="select w-full" {...fieldAria(id, error)} {...select}>
        <option value="">A new address</option>
        {addresses.map((address) => (
          <option key={address.addressId} value={address.addressId}>
            {address.label}: {address.city}
          </option>
        ))}
      </select>
    </FormField>
  );
}
