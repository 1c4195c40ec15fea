import { useEffect, useRef, type KeyboardEvent, type ReactNode, type SyntheticEvent } from 'react';
import './dialog.css';

interface DialogProps {
  className: string;
  /** Ids of the dialog's title and text. */
  labelledBy: string;
  describedBy: string;
  /** Escape, or a close request without a key (the Android back gesture). */
  onCancel: () => void;
  children: ReactNode;
}

/**
 * A modal dialog (the browser's <dialog> with showModal). When it opens, focus moves to the
 * element marked `data-initial-focus`, else to the first field or button; when it closes, focus
 * returns to what opened it, or to the page's main landmark when that has left the page. Escape
 * and close requests call onCancel; the caller removes the dialog.
 */
export function Dialog({ className, labelledBy, describedBy, onCancel, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    // The marked element first (a selector list would take whichever comes first in the page).
    (
      dialog.querySelector<HTMLElement>('[data-initial-focus]') ??
      dialog.querySelector<HTMLElement>('input, button')
    )?.focus();
    return () => {
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
      else document.getElementById('main')?.focus({ preventScroll: true });
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    onCancel();
  };
  const onCloseRequest = (event: SyntheticEvent<HTMLDialogElement>) => {
    event.preventDefault();
    onCancel();
  };

  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Escape closes a dialog
    <dialog
      ref={ref}
      className={`dialog ${className}`}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onKeyDown={onKeyDown}
      onCancel={onCloseRequest}
    >
      {children}
    </dialog>
  );
}
