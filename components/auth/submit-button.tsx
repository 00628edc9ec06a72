/** A form's full-width primary button; shows daisyUI's spinner and refuses clicks while the request runs. */
export function SubmitButton({ busy, children }: { busy: boolean; children: React.ReactNode }) {
  return (
    <button type="submit" className="btn btn-primary mt-2 w-full" disabled={busy} aria-busy={busy}>
      {busy && <span className="loading loading-spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}
