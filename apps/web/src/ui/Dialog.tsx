import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { useDialogMessageHost } from './message-hosts';
import './dialog.css';

interface DialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** `wide` for a dialog that holds a document or a table; `sheet` along the right edge. */
  size?: 'wide' | 'sheet';
}

/**
 * A modal `<dialog>`: the browser traps focus in it, closes it on Escape and hands focus back
 * to the control that opened it. Mounted means open. The message after a change made while it is
 * open shows in it (see message-hosts.ts).
 */
export function Dialog({ title, onClose, children, size }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  const { attach: attachMessageHost, holding: holdsMessage } = useDialogMessageHost();
  // Before the browser paints: the dialog is modal (and takes Escape) from its first frame.
  useLayoutEffect(() => {
    // Unmounting removes the element, which takes it out of the top layer: no close() needed.
    if (ref.current?.open === false) ref.current.showModal();
  }, []);
  return (
    <dialog
      ref={ref}
      className={size === undefined ? 'dialog' : `dialog ${size}`}
      aria-labelledby={headingId}
      // Only its own close: React passes a nested dialog's (one opened from inside it) up its tree.
      onClose={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <h2 id={headingId}>{title}</h2>
      {children}
      <div
        ref={attachMessageHost}
        className="dialog-message"
        aria-live="polite"
        aria-atomic="true"
        role={holdsMessage ? 'status' : undefined}
      />
    </dialog>
  );
}
