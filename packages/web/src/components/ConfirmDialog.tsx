import type { ReactNode } from 'react';
import { FormError } from './Field';
import { Modal } from './Modal';

/**
 * The one way the app confirms a destructive or irreversible action (delete a collection, an
 * article or a word, refuse a creator, close a membership, finish an order): what will happen,
 * 取消, and a danger button that runs it. The caller owns the call, so the dialog stays open
 * showing the server's error when it fails; a browser confirm box could not show it and looks
 * foreign inside the app's WebView.
 */
export function ConfirmDialog({
  open,
  title,
  confirm,
  pending,
  error,
  onConfirm,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  /** The danger button's label, naming the action: 确定删除, 确定拒绝. */
  confirm: string;
  pending: boolean;
  error: string | undefined;
  onConfirm: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Modal open={open} onClose={onClose} title={title}>
      {children}
      <FormError message={error} />
      <div className="modal-actions">
        <button type="button" className="button button-secondary" onClick={onClose}>
          取消
        </button>
        <button type="button" className="button button-danger" disabled={pending} aria-busy={pending} onClick={onConfirm}>
          {confirm}
        </button>
      </div>
    </Modal>
  );
}
