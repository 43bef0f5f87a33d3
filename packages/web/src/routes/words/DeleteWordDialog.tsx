import { useDeleteWord } from '../../api/words.queries';
import { ConfirmDialog } from '../../components/ConfirmDialog';
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
    <ConfirmDialog
      open={word !== null}
      title="删除生词"
      confirm="确定删除"
      pending={remove.isPending}
      error={remove.error?.msg}
      onClose={close}
      onConfirm={() =>
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
      <p>
        确定把“<strong lang="en">{word}</strong>”从生词本删除吗？它的例句和复习记录会一并删除。
      </p>
    </ConfirmDialog>
  );
}
