import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Collection } from '@changdu/contract';
import { useDestroyCollection, usePublishCollection } from '../../api/collections.queries';
import { errorMessage } from '../../api/client';
import { toast } from '../../lib/toast';
import { ConfirmDialog } from '../../components/ConfirmDialog';

/** Edit, publish or withdraw, delete: for the owner and managers (the server checks again). */
export function OwnerActions({ collection, editPath, afterDelete }: { collection: Collection; editPath: string; afterDelete: string }) {
  const publish = usePublishCollection();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const toggle = () =>
    publish.mutate(
      { id: collection.id, cancel: collection.is_published },
      {
        onSuccess: (c) => toast(c.is_published ? '已公开，所有人都能看到这个合集' : '已撤回，只有你自己能看到'),
        onError: (error) => toast(errorMessage(error)),
      },
    );
  return (
    <div className="owner-actions">
      <Link to={editPath} className="button button-secondary button-small">
        编辑
      </Link>
      <button type="button" className="button button-secondary button-small" disabled={publish.isPending} onClick={toggle}>
        {collection.is_published ? '撤回公开' : '公开'}
      </button>
      <button type="button" className="button button-ghost button-small owner-delete" onClick={() => setConfirming(true)}>
        删除
      </button>
      <DeleteDialog
        collection={collection}
        open={confirming}
        onClose={() => setConfirming(false)}
        onDeleted={() => void navigate(afterDelete, { replace: true })}
      />
    </div>
  );
}

function DeleteDialog({
  collection,
  open,
  onClose,
  onDeleted,
}: {
  collection: Collection;
  open: boolean;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const destroy = useDestroyCollection();
  const close = () => {
    destroy.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      open={open}
      title="删除合集"
      confirm="确定删除"
      pending={destroy.isPending}
      error={destroy.error?.msg}
      onClose={close}
      onConfirm={() =>
        destroy.mutate(
          { id: collection.id },
          {
            onSuccess: () => {
              toast('合集已删除');
              close();
              onDeleted();
            },
          },
        )
      }
    >
      <p>确定删除“{collection.title}”吗？删除后关注和收藏它的读者也看不到了，文章本身不受影响。</p>
    </ConfirmDialog>
  );
}
