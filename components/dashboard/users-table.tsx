'use client';

import { useRef, useState } from 'react';
import { toast } from 'sonner';
import useSWR from 'swr';
import { replaceDocumentWith } from '@/components/auth/identity-navigation';
import { signOutCompletely } from '@/components/auth/sign-out';
import { AccountAccessButton } from '@/components/dashboard/account-access-button';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { TermsButton } from '@/components/invoices/terms-button';
import { LoadingDots } from '@/components/loading-dots';
import { DataTable, type Column } from '@/components/tables/data-table';
import { BUTTON, ROW_BUTTON } from '@/components/ui/buttons';
import { ListFallback } from '@/components/tables/list-fallback';
import { ApiError, apiRequest, fetcher } from '@/lib/client/api';
import type { UserDto } from '@/lib/types';

type PendingAction = { kind: 'admin' | 'remove'; user: UserDto };

const displayName = (user: UserDto) => user.name || user.displayName || user.email;

const isAuthFailure = (error: unknown) =>
  error instanceof ApiError && (error.status === 401 || error.status === 403);

export function UsersTable({ currentUserId }: { currentUserId: string }) {
  const signingOut = useRef(false);
  const [pending, setPending] = useState<PendingAction | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const {
    data: users,
    error,
    isLoading,
    mutate,
  } = useSWR<UserDto[], Error>('/api/user', fetcher, {
    // Retrying will not turn a refusal into an answer.
    shouldRetryOnError: false,
    // A refused user list means the session is no good (docs/PRODUCT.md, Messages); sign out and start again.
    onError: async (cause) => {
      if (!isAuthFailure(cause) || signingOut.current) return;
      signingOut.current = true;
      await signOutCompletely();
      replaceDocumentWith('/login');
    },
  });

  async function makeAdmin(user: UserDto) {
    setBusyId(user._id);
    try {
      await apiRequest('PUT', `/api/user/admin/${encodeURIComponent(user.email)}`);
      toast.success(`${user.email} is now an admin`);
    } catch (cause) {
      if (cause instanceof ApiError && cause.status === 403)
        toast.error('Only an admin make make another admin');
      else
        toast.error(cause instanceof Error ? cause.message : 'Could not make this user an admin');
    } finally {
      setBusyId(null);
      await mutate();
    }
  }

  async function removeUser(user: UserDto) {
    setBusyId(user._id);
    try {
      await apiRequest('DELETE', `/api/user/${encodeURIComponent(user._id)}`);
      toast.success(`${displayName(user)} has been removed`);
    } catch (cause) {
      // The server says why (e.g. removing yourself or the last admin).
      toast.error(cause instanceof Error ? cause.message : 'Could not remove this user');
    } finally {
      setBusyId(null);
      await mutate();
    }
  }

  function confirm() {
    if (!pending) return;
    const { kind, user } = pending;
    setPending(null);
    void (kind === 'admin' ? makeAdmin(user) : removeUser(user));
  }

  if (isLoading) return <LoadingDots />;
  if (error || !users) {
    if (isAuthFailure(error)) return <LoadingDots />;
    return <ListFallback error={error} what="the users" onRetry={() => mutate()} />;
  }

  const columns: Column<UserDto>[] = [
    { header: '#', rowHeader: true, card: 'none', cell: (_user, _view, index) => index + 1 },
    { header: 'Name', card: 'none', cell: (user) => user.name || user.displayName || '—' },
    { header: 'Email', cell: (user) => <span className="break-all">{user.email}</span> },
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
      header: 'Access',
      card: 'action',
      cell: (user) => (
        <div className="flex flex-wrap items-start gap-2">
          <AccountAccessButton user={user} self={user._id === currentUserId} onChanged={mutate} />
          {user.role === 'customer' && <TermsButton user={user} onChanged={mutate} />}
        </div>
      ),
    },
    {
      header: 'Remove',
      card: 'action',
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
