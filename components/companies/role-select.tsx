import { fieldAria, FormField } from '@/components/forms/form-field';

/** What each role may do, said where it is chosen. */
export const ROLE_LABELS = {
  owner: 'Owner: members, addresses, every order',
  approver: 'Approver: approves orders, buys without a limit',
  buyer: 'Buyer: buys within a spending limit',
} as const;

export function RoleSelect({
  id,
  value,
  onChange,
  error,
}: {
  id: string;
  value: string;
  onChange: (role: string) => void;
  error?: string;
}) {
  return (
    <FormField id={id} label="Role" error={error}>
      <select
        className="select w-full"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        {...fieldAria(id, error)}
      >
        {Object.entries(ROLE_LABELS).map(([role, label]) => (
          <option key={role} value={role}>
            {label}
          </option>
        ))}
      </select>
    </FormField>
  );
}
