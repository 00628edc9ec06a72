/** The end of both card forms: the payment's error, if any, then Pay, spinning while the payment runs. */
export function PayButton({
  error,
  pending,
  disabled,
}: {
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
        className="btn btn-primary btn-sm self-start"
        disabled={disabled || pending}
      >
        {pending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
        Pay
      </button>
    </>
  );
}
