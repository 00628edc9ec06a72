'use client';

import { useId, useState } from 'react';
import { FormError } from '@/components/auth/form-error';
import { FormField, fieldAria } from '@/components/forms/form-field';
import { useQuoteCall } from '@/components/quotes/use-quote-call';
import { BUTTON } from '@/components/ui/buttons';
import { APPROVAL_REASON_MAX, approvalSchema } from '@/lib/validation/approval';

/**
 * An approver's or owner's decision on a buyer's waiting order: Approve lets it go on to its payment (or its invoice
 * on terms), Decline cancels it and puts its stock back; the optional reason goes into the buyer's mail.
 */
export function ApprovalDecision({ checkoutId }: { checkoutId: string }) {
  const id = useId();
  const [reason, setReason] = useState('');
  const { send, busy, error, fields, setError } = useQuoteCall();

  function decide(action: 'approve' | 'decline') {
    const parsed = approvalSchema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the reason');
      return;
    }
    const done = action === 'approve' ? 'Order approved' : 'Order declined';
    void send('POST', `/api/checkout/${checkoutId}/${action}`, parsed.data, done);
  }

  return (
    <form
      aria-label="Approve or decline"
      noValidate
      className="flex flex-col gap-2"
      onSubmit={(event) => event.preventDefault()}
    >
      <FormField
        id={`${id}-reason`}
        label="Reason (optional, sent to the buyer)"
        error={fields.reason}
      >
        <textarea
          className="textarea w-full"
          rows={2}
          maxLength={APPROVAL_REASON_MAX}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          {...fieldAria(`${id}-reason`, fields.reason)}
        />
      </FormField>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={BUTTON.primary}
          disabled={busy}
          onClick={() => decide('approve')}
        >
          Approve
        </button>
        <button
          type="button"
          className={BUTTON.destructive}
          disabled={busy}
          onClick={() => decide('decline')}
        >
          Decline
        </button>
      </div>
      <FormError message={error} />
    </form>
  );
}
