import { useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { dismissToast, getCurrentToast, pauseToast, resumeToast, subscribeToasts } from '../lib/toast';

/** Renders the toast the queue shows now; mount once in the shell. */
export function ToastHost() {
  const item = useSyncExternalStore(subscribeToasts, getCurrentToast, () => null);
  if (!item) return null;
  return createPortal(
    <div className={`toast-region toast-${item.position}`} role="status" aria-live="polite">
      <div
        className={`toast${item.leaving ? ' toast-leaving' : ''}${item.dismissible ? ' toast-dismissible' : ''}`}
        onMouseEnter={pauseToast}
        onMouseLeave={resumeToast}
        onClick={item.dismissible ? () => dismissToast(item.id) : undefined}
      >
        {item.message}
      </div>
    </div>,
    document.body,
  );
}
