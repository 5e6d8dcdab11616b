import { useEffect, useId, useLayoutEffect, useRef, type MouseEvent, type PointerEvent, type ReactNode } from 'react';
import './dialog.css';

/** SPEC section 4: modals are medium by default, with big and xl variants for wide content (tables, previews). */
export type DialogSize = 'medium' | 'big' | 'xl';

export interface DialogProps {
  open: boolean;
  title: string;
  /** Escape, a click on the overlay and the close icon ask for this; the owner decides. */
  onClose: () => void;
  /** Work in flight (a transfer being sent): nothing closes the dialog until it is done. */
  busy?: boolean;
  size?: DialogSize;
  className?: string;
  children: ReactNode;
}

interface DialogFrameProps extends DialogProps {
  /** The close icon's name, already translated. */
  closeLabel: string;
}

/**
 * A modal on the browser's own <dialog> (the translation-free core: the portal's Dialog names its close icon, the
 * employees' /card page, which loads no i18next, passes the name itself): it keeps the focus inside, closes on Escape, on a click on the overlay and
 * on its close icon (each through onClose, so the owner decides) and gives the focus back to what opened it.
 *
 * While an action inside it runs, nothing closes it: `busy`, or a button of its own marked aria-busy="true" (every
 * submit button of the portal says so while its request is in flight), so a money action cannot be left half-seen
 * by an overlay click or sent again from a dialog opened afresh.
 */
export function DialogFrame({ open, title, onClose, busy = false, size = 'medium', className, children, closeLabel }: DialogFrameProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const openRef = useRef(open);
  // Where the pointer went down: a press inside the dialog dragged out onto the overlay is not an overlay click.
  const pressedOutside = useRef(false);

  // What had the focus before it opened: it gets it back when the dialog closes.
  const opener = useRef<Element | null>(null);

  useEffect(() => {
    openRef.current = open;
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      dialog.showModal();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  // Most owners close a dialog by no longer rendering it: close it first (while it is still in the page), so the
  // browser gives the focus back as it does for a dialog closed in place.
  // A field that loses the focus because its dialog closed was not left by the visitor: its blur must not show the
  // field's message (a dialog that mounts open is closed and shown again by React's StrictMode under `npm start`, which
  // showed "Amount required" on a dialog just opened). The listener stays until after the close below.
  useLayoutEffect(() => {
    const dialog = ref.current;
    const closing = (event: FocusEvent) => {
      if (!dialog?.open) event.stopPropagation();
    };
    dialog?.addEventListener('focusout', closing, true);
    return () => {
      if (!dialog?.open) {
        dialog?.removeEventListener('focusout', closing, true);
        return;
      }
      dialog.close();
      dialog.removeEventListener('focusout', closing, true);
      const previous = opener.current;
      if (previous instanceof HTMLElement && previous.isConnected && (!document.activeElement || document.activeElement === document.body)) previous.focus();
    };
  }, []);

  const working = () => busy || ref.current?.querySelector('button[aria-busy="true"]') != null;
  const requestClose = () => {
    if (!working()) onClose();
  };

  return (
    <dialog
      ref={ref}
      className={['dialog', `dialog--${size}`, className].filter(Boolean).join(' ')}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        requestClose();
      }}
      onClose={(event) => {
        // The browser closed it by itself (a second Escape the page may not refuse): ask the owner, and show it
        // again if the owner keeps it open. A close event that arrives when the dialog is open again is stale: React's
        // StrictMode (npm start) unmounts and remounts a dialog that mounts open, and the remount shows it again.
        if (!openRef.current || event.currentTarget.open) return;
        requestClose();
        setTimeout(() => {
          const dialog = ref.current;
          if (dialog && openRef.current && !dialog.open && dialog.isConnected) dialog.showModal();
        });
      }}
      onPointerDown={(event) => {
        pressedOutside.current = isOnOverlay(event);
      }}
      onClick={(event) => {
        const overlayClick = pressedOutside.current && isOnOverlay(event);
        pressedOutside.current = false;
        if (overlayClick) requestClose();
      }}
    >
      <div className="dialog__panel">
        <h2 id={titleId} className="dialog__title">
          {title}
        </h2>
        {children}
        {/* Last in the focus order, so the dialog still starts on its first field or button. */}
        <button type="button" className="icon-button dialog__close" aria-label={closeLabel} disabled={busy} onClick={requestClose}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </div>
    </dialog>
  );
}

/** A pointer on the overlay: the event is the dialog element's own, at a point outside its box (not its scrollbar). */
function isOnOverlay(event: MouseEvent<HTMLDialogElement> | PointerEvent<HTMLDialogElement>): boolean {
  if (event.target !== event.currentTarget) return false;
  const box = event.currentTarget.getBoundingClientRect();
  return event.clientX < box.left || event.clientX > box.right || event.clientY < box.top || event.clientY > box.bottom;
}
