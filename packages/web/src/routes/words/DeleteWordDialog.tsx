import { useDeleteWord } from '../../api/words.queries';
import { FormError } from '../../components/Field';
import { Modal } from '../../components/Modal';
import { toast } from '../../lib/toast';

export interface DeleteWordDialogProps {
  /** The word to delete; null keeps the dialog closed. */
  word: string | null;
  onClose: () => void;
  onDeleted?: () => void;
}

/** Asks before a word leaves the book (its sentences and review history go with it). */
export function DeleteWordDialog({ word, onClose, onDeleted }: DeleteWordDialogProps) {
  const remove = useDeleteWord();
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <Modal open={word !== null} onClose={close} title="删除生词">
      <p>
        确定把“<strong lang="en">{word}</strong>”从生词本删除吗？它的例句和复习记录会一并删除。
      </p>
      <FormError message={remove.error?.msg} />
      <div className="modal-actions">
        <button type="button" className="button button-secondary" onClick={close}>
          取消
        </button>
        <button
          type="button"
          className="button button-danger"
          disabled={remove.isPending}
          aria-busy={remove.isPending}
          onClick={() =>
            word &&
            remove.mutate(
              { word },
              {
                onSuccess: () => {
                  toast(`已从生词本删除 ${word}`);
                  close();
                  onDeleted?.();
                },
              },
            )
          }
        >
          确定删除
        </button>
      </div>
    </Modal>
  );
}
