import type { ReactNode } from 'react';
import { Dialog, type DialogSize } from '../dialog/dialog';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  busy?: boolean;
  /** The confirming action removes or changes something for good: its button says so by colour. */
  destructive?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  size?: DialogSize;
}

/**
 * A modal question before an action that cannot be taken back; Escape, the overlay and the close icon cancel it,
 * none of them while the action is running.
 */
export function ConfirmDialog({ open, title, children, confirmLabel, cancelLabel, busy = false, destructive = false, onConfirm, onCancel, size }: ConfirmDialogProps) {
  return (
    <Dialog open={open} title={title} onClose={onCancel} busy={busy} size={size}>
      <div className="dialog__body">{children}</div>
      <div className="dialog__actions">
        <button type="button" className="button button--secondary" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </button>
        <button type="button" className={destructive ? 'button button--danger' : 'button'} onClick={onConfirm} disabled={busy} aria-busy={busy}>
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
