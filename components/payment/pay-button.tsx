import { BUTTON } from '@/components/ui/buttons';
import { formatUsd } from '@/lib/format';

/**
 * The end of both card forms: the payment's error, if any, then Pay with the amount it takes, spinning while the
 * payment runs. The screen's main action, so its largest control. Named "Pay", docs/PRODUCT.md's button; the amount beside it
 * is read in the order summary just above.
 */
export function PayButton({
  amount,
  error,
  pending,
  disabled,
}: {
  /** dollars */
  amount: number;
  error: string | null;
  pending: boolean;
  disabled: boolean;
}) {
  return (
    <>
      {error && (
        <p role="alert" className="text-error">
          {error}
        </p>
      )}
      <button
        type="submit"
        className={`${BUTTON.main} w-full`}
        disabled={disabled || pending}
        aria-label="Pay"
      >
        {pending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        {`Pay ${formatUsd(amount)}`}
      </button>
    </>
  );
}
