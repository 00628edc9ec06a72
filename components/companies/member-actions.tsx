'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { errorMessage } from '@/components/forms/error-message';
import { TextField } from '@/components/forms/text-field';
import { BUTTON, ROW_BUTTON } from '@/components/ui/buttons';
import { apiRequest } from '@/lib/client/api';
import type { CompanyMemberDto } from '@/lib/types';
import { RoleSelect } from './role-select';

/** Owners: change a member's role and spending limit, or remove them (the company keeps their orders). */
export function MemberActions({ member }: { member: CompanyMemberDto }) {
  const router = useRouter();
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [role, setRole] = useState<string>(member.role);
  const [limit, setLimit] = useState(
    member.spendingLimit === null ? '' : String(member.spendingLimit),
  );
  const [busy, setBusy] = useState(false);
  const who = member.name || member.email;
  const path = `/api/company/members/${encodeURIComponent(member.userId)}`;

  async function run(action: () => Promise<unknown>, done: string) {
    setBusy(true);
    try {
      await action();
      toast.success(done);
      setEditing(false);
      setRemoving(false);
      router.refresh();
    } catch (cause) {
      toast.error(errorMessage(cause, 'Could not change the member'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-wrap gap-1">
      <button
        type="button"
        className={`${BUTTON.quiet} ${ROW_BUTTON}`}
        onClick={() => setEditing(true)}
      >
        Change
      </button>
      <button
        type="button"
        className={`${BUTTON.quiet} ${ROW_BUTTON}`}
        onClick={() => setRemoving(true)}
      >
        Remove
      </button>
      <ConfirmDialog
        open={editing}
        title={`Change ${who}`}
        message="What this member may do, and the most a buyer's order may come to before an approver says yes."
        confirmLabel="Save"
        tone="primary"
        busy={busy}
        onConfirm={() =>
          void run(
            () =>
              apiRequest('PUT', path, {
                role,
                spendingLimit: role === 'buyer' && limit !== '' ? Number(limit) : null,
              }),
            `${who} is changed`,
          )
        }
        onCancel={() => setEditing(false)}
      >
        <RoleSelect id={`role-${member.userId}`} value={role} onChange={setRole} />
        {role === 'buyer' && (
          <TextField
            label="Spending limit per order (dollars, empty for none)"
            type="number"
            min={0}
            step="0.01"
            value={limit}
            onChange={(event) => setLimit(event.target.value)}
          />
        )}
      </ConfirmDialog>
      <ConfirmDialog
        open={removing}
        title={`Remove ${who}?`}
        message="They stop buying for the company. The company keeps every order, quote and invoice they placed."
        confirmLabel="Remove"
        tone="destructive"
        busy={busy}
        onConfirm={() => void run(() => apiRequest('DELETE', path), `${who} is removed`)}
        onCancel={() => setRemoving(false)}
      />
    </div>
  );
}
