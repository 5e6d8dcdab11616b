import type { ReactNode } from 'react';
import { DialogFrame, type DialogSize } from '../dialog/dialog-frame';

export interface ConfirmDialogProps {
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
  /** The question is not ready to be answered yet (what it asks about is still loading); cancelling still works. */
  confirmDisabled?: boolean;
}

interface ConfirmDialogFrameProps extends ConfirmDialogProps {
  /** The close icon's name, already translated. */
  closeLabel: string;
}

/**
 * A modal question before an action that cannot be taken back; Escape, the overlay and the close icon cancel it,
 * none of them while the action is running. Translation-free, as DialogFrame; the portal uses ConfirmDialog.
 */
export function ConfirmDialogFrame({ open, title, children, confirmLabel, cancelLabel, busy = false, destructive = false, onConfirm, onCancel, size, closeLabel, confirmDisabled = false }: ConfirmDialogFrameProps) {
  return (
    <DialogFrame open={open} title={title} onClose={onCancel} busy={busy} size={size} closeLabel={closeLabel}>
      <div className="dialog__body">{children}</div>
      <div className="dialog__actions">
        <button type="button" className="button button--secondary" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </button>
        <button type="button" className={destructive ? 'button button--danger' : 'button'} onClick={onConfirm} disabled={busy || confirmDisabled} aria-busy={busy}>
          {confirmLabel}
        </button>
      </div>
    </DialogFrame>
  );
}
