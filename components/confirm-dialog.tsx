'use client';

import { useEffect, useRef } from 'react';

interface ConfirmDialogProps {
  /** The question, e.g. My Orders' 'Are you sure?' */
  message: string;
  open: boolean;
  confirmLabel?: string;
  dismissLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** What more the question needs: an explanation, the fields that confirm it. */
  children?: React.ReactNode;
  /** The confirmation is under way: its button waits. */
  busy?: boolean;
}

/** A modal confirmation (native <dialog>: focus trap, Escape to cancel) used before destructive actions. */
export function ConfirmDialog({
  message,
  open,
  confirmLabel = 'Confirm',
  dismissLabel = 'Cancel',
  onConfirm,
  onCancel,
  children,
  busy,
}: ConfirmDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog ref={dialog} className="modal" onClose={onCancel} aria-label={message}>
      <div className="modal-box">
        <p className="text-lg font-semibold">{message}</p>
        {children}
        <div className="modal-action">
          <button type="button" className="btn" onClick={onCancel}>
            {dismissLabel}
          </button>
          <button
            type="button"
            className="btn btn-error"
            onClick={onConfirm}
            disabled={busy}
            aria-busy={busy}
          >
            {confirmLabel}
          </button>
        </div>
      </div>
    </dialog>
  );
}
