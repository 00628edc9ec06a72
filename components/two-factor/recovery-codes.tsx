'use client';

/** The ten recovery codes, shown once after enrolment: the shop keeps only their hashes. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="flex flex-col gap-3" role="status">
      <p className="font-semibold">Two-factor authentication is on.</p>
      <p>
        Save these recovery codes now. Each one signs you in once if you lose your phone, and they
        will not be shown again.
      </p>
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-2 rounded bg-base-200 p-3 font-mono"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="card-actions justify-end">
        <button type="button" className="btn btn-primary" onClick={onDone}>
          I saved them
        </button>
      </div>
    </div>
  );
}
