import { useEffect, useId, useRef, type ReactNode } from 'react';
import './dialog.css';

interface DialogProps {
  open: boolean;
  title: string;
  /** Escape, and a click on the backdrop when allowed, ask for this. */
  onClose: () => void;
  /** SPEC section 4: a modal may close on a click outside it; a question that needs an answer does not. */
  closeOnBackdrop?: boolean;
  className?: string;
  children: ReactNode;
}

/**
 * A modal on the browser's own <dialog>: it keeps the focus inside, closes on Escape (through onClose, so the
 * owner decides) and gives the focus back to what opened it.
 */
export function Dialog({ open, title, onClose, closeOnBackdrop = false, className, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className={className ? `dialog ${className}` : 'dialog'}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // The backdrop is the dialog element itself, outside its content.
        if (closeOnBackdrop && event.target === event.currentTarget) onClose();
      }}
    >
      <h2 id={titleId}>{title}</h2>
      {children}
    </dialog>
  );
}
