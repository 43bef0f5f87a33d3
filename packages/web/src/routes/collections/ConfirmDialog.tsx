import type { ReactNode } from 'react';
import { FormError } from '../../components/Field';
import { Modal } from '../../components/Modal';

/**
 * The one way the collection screens confirm a destructive action (delete a collection,
 * refuse a creator): what will happen, 取消, and a danger button that runs it. The caller
 * owns the call, so the dialog stays open showing the server's error when it fails.
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
        <button type="button" className="button button-danger" disabled={pending} onClick={onConfirm}>
          {confirm}
        </button>
      </div>
    </Modal>
  );
}
