'use client';

import { useEffect, useId, useRef } from 'react';
import { BUTTON } from '@/components/ui/buttons';

interface ConfirmDialogProps {
  /** What is about to happen, naming what it acts on: "Cancel order #1042?", "Make Jane Doe an admin?" */
  title?: string;
  /** The question itself, e.g. My Orders' 'Are you sure?' */
  message: string;
  open: boolean;
  confirmLabel?: string;
  dismissLabel?: string;
  /** A destructive confirmation's button is the one solid red button; others use the primary colour. */
  tone?: 'destructive' | 'primary';
  onConfirm: () => void;
  onCancel: () => void;
  /** What more the question needs: an explanation, the fields that confirm it. */
  children?: React.ReactNode;
  /** The confirmation is under way: its button waits. */
  busy?: boolean;
}

/**
 * A modal confirmation (native <dialog>: focus trap, Escape to cancel) before an action that cannot be undone. Named
 * by its title and its question together, so a screen reader hears both.
 */
export function ConfirmDialog({
  title,
  message,
  open,
  confirmLabel = 'Confirm',
  dismissLabel = 'Cancel',
  tone = 'destructive',
  onConfirm,
  onCancel,
  children,
  busy,
}: ConfirmDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      className="modal"
      onClose={onCancel}
      aria-labelledby={title ? `${id}-title ${id}-message` : `${id}-message`}
    >
      <div className="modal-box flex flex-col gap-2">
        {title && (
          <h2 id={`${id}-title`} className="text-lg font-semibold">
            {title}
          </h2>
        )}
        <p
          id={`${id}-message`}
          className={title ? 'text-base-content/80' : 'text-lg font-semibold'}
        >
          {message}
        </p>
        {children}
        <div className="modal-action">
          <button type="button" className={BUTTON.quiet} onClick={onCancel}>
            {dismissLabel}
          </button>
          <button
            type="button"
            className={tone === 'destructive' ? BUTTON.confirmDestructive : BUTTON.primary}
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
