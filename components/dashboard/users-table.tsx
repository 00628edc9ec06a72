'use client';

import { useRouter } from 'next/navigation';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { replaceDocumentWith } from '@/components/auth/identity-navigation';
import { signOutCompletely } from '@/components/auth/sign-out';
import { AccountAccessButton } from '@/components/dashboard/account-access-button';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { TermsButton } from '@/components/invoices/terms-button';
import { DataTable, type Column } from '@/components/tables/data-table';
import { BUTTON, ROW_BUTTON } from '@/components/ui/buttons';
import { ApiError, apiRequest } from '@/lib/client/api';
import type { UserDto } from '@/lib/types';

type PendingAction = { kind: 'admin' | 'remove'; user: UserDto };

const displayName = (user: UserDto) => user.name || user.displayName || user.email;

/** The admin's own session has ended (signed out elsewhere, disabled, removed). */
const sessionEnded = (error: unknown) => error instanceof ApiError && error.status === 401;

interface UsersTableProps {
  /** One page of All Users, read on the server (search and pages in SQL). */
  users: UserDto[];
  /** The index shown for the first row: the page's place in the whole list. */
  firstIndex: number;
  currentUserId: string;
}

export function UsersTable({ users, firstIndex, currentUserId }: UsersTableProps) {
  const router = useRouter();
  const signingOut = useRef(false);
  const [pending, setPending] = useState<PendingAction | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

  /**
   * The page again from the server (whose guard turns away an admin who lost the role); a call refused because the
   * admin's session ended signs this browser out and goes to /login (docs/PRODUCT.md, Messages).
   */
  async function refresh(cause?: unknown) {
    if (sessionEnded(cause)) {
      if (signingOut.current) return;
      signingOut.current = true;
      await signOutCompletely();
      replaceDocumentWith('/login');
      return;
    }
    router.refresh();
  }

  async function makeAdmin(user: UserDto) {
    setBusyId(user._id);
    try {
      await apiRequest('PUT', `/api/user/admin/${encodeURIComponent(user.email)}`);
      toast.success(`${user.email} is now an admin`);
      await refresh();
    } catch (cause) {
      if (cause instanceof ApiError && cause.status === 403)
        toast.error('Only an admin make make another admin');
      else
        toast.error(cause instanceof Error ? cause.message : 'Could not make this user an admin');
      await refresh(cause);
    } finally {
      setBusyId(null);
    }
  }

  async function removeUser(user: UserDto) {
    setBusyId(user._id);
    try {
      await apiRequest('DELETE', `/api/user/${encodeURIComponent(user._id)}`);
      toast.success(`${displayName(user)} has been removed`);
      await refresh();
    } catch (cause) {
      // The server says why (e.g. removing yourself or the last admin).
      toast.error(cause instanceof Error ? cause.message : 'Could not remove this user');
      await refresh(cause);
    } finally {
      setBusyId(null);
    }
  }

  function confirm() {
    if (!pending) return;
    const { kind, user } = pending;
    setPending(null);
    void (kind === 'admin' ? makeAdmin(user) : removeUser(user));
  }

  const columns: Column<UserDto>[] = [
    {
      header: '#',
      rowHeader: true,
      card: 'none',
      cell: (_user, _view, index) => firstIndex + index,
    },
    { header: 'Name', card: 'none', cell: (user) => user.name || user.displayName || '—' },
    { header: 'Email', cell: (user) => <span className="break-all">{user.email}</span> },
    { header: 'Company', cell: (user) => user.company || '—' },
    { header: 'Verified', cell: (user) => (user.verified ? 'Yes' : 'No') },
    {
      header: 'Admin',
      card: 'action',
      cell: (user) =>
        user.role === 'admin' ? (
          <button type="button" className={`btn ${ROW_BUTTON}`} disabled>
            Already Admin
          </button>
        ) : (
          <button
            type="button"
            className={`${BUTTON.quiet} ${ROW_BUTTON}`}
            disabled={busyId === user._id}
            onClick={() => setPending({ kind: 'admin', user })}
          >
            Make Admin
          </button>
        ),
    },
    {
      header: 'Terms',
      card: 'action',
      cell: (user, view) =>
        user.role === 'customer' ? (
          <TermsButton
            who={user.name || user.email}
            terms={user.terms ?? null}
            endpoint={`/api/user/terms/${encodeURIComponent(user._id)}`}
            onChanged={refresh}
          />
        ) : view === 'table' ? (
          '—'
        ) : null,
    },
    {
      header: 'Access',
      card: 'action',
      danger: true,
      cell: (user) => (
        <AccountAccessButton user={user} self={user._id === currentUserId} onChanged={refresh} />
      ),
    },
    {
      header: 'Remove',
      card: 'action',
      danger: true,
      cell: (user) => {
        const self = user._id === currentUserId;
        return (
          <button
            type="button"
            className={`${BUTTON.destructive} ${ROW_BUTTON}`}
            disabled={self || busyId === user._id}
            title={self ? 'You can not remove your own account' : undefined}
            onClick={() => setPending({ kind: 'remove', user })}
          >
            Remove
          </button>
        );
      },
    },
  ];

  return (
    <>
      <DataTable
        caption="All users"
        columns={columns}
        rows={users}
        rowKey={(user) => user._id}
        cardTitle={(user) => user.name || user.displayName || user.email}
      />
      <ConfirmDialog
        open={pending !== null}
        title={
          pending
            ? pending.kind === 'admin'
              ? `Make ${displayName(pending.user)} an admin?`
              : `Remove ${displayName(pending.user)}?`
            : undefined
        }
        tone={pending?.kind === 'admin' ? 'primary' : 'destructive'}
        message={
          pending?.kind === 'admin'
            ? 'This user will have Admin power!!!'
            : `Are you sure you want to remove ${pending ? displayName(pending.user) : 'this user'}?`
        }
        confirmLabel={pending?.kind === 'admin' ? 'Make Admin' : 'Remove'}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      />
    </>
  );
}
