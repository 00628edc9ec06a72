'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '@/components/forms/error-message';
import { TextField } from '@/components/forms/text-field';
import { ApiError, apiRequest } from '@/lib/client/api';
import { RoleSelect } from './role-select';

/** Owners: mail someone a link to join the company, with a role and, for a buyer, a spending limit. */
export function InviteMemberForm() {
  const router = useRouter();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState('buyer');
  const [limit, setLimit] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);

  async function invite(event: React.FormEvent) {
    event.preventDefault();
    setPending(true);
    setErrors({});
    try {
      await apiRequest('POST', '/api/company/invitations', {
        email,
        role,
        spendingLimit: role === 'buyer' && limit !== '' ? Number(limit) : null,
      });
      toast.success(`Invitation sent to ${email}`);
      setEmail('');
      setLimit('');
      router.refresh();
    } catch (cause) {
      if (cause instanceof ApiError && Object.keys(cause.fields).length > 0)
        setErrors(cause.fields);
      else toast.error(errorMessage(cause, 'Could not send the invitation'));
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={invite} className="flex max-w-md flex-col gap-2" aria-labelledby="invite-title">
      <h3 id="invite-title" className="text-lg font-semibold">
        Invite a member
      </h3>
      <TextField
        label="Email"
        type="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={errors.email}
      />
      <RoleSelect id="invite-role" value={role} onChange={setRole} error={errors.role} />
      {role === 'buyer' && (
        <TextField
          label="Spending limit per order (dollars, empty for none)"
          type="number"
          min={0}
          step="0.01"
          value={limit}
          onChange={(event) => setLimit(event.target.value)}
          error={errors.spendingLimit}
        />
      )}
      <button type="submit" className="btn btn-primary w-fit" disabled={pending}>
        Send invitation
      </button>
    </form>
  );
}
