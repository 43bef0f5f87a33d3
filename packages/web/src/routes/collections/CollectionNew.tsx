import { useSearchParams } from 'react-router';
import { useCollection } from '../../api/collections.queries';
import { LoadFailed } from '../../components/LoadFailed';
import { NotFound } from '../../components/NotFound';
import { PageHeader } from '../../components/PageHeader';
import { RequireLogin } from '../../components/RequireLogin';
import { Spinner } from '../../components/Spinner';
import { CollectionEditor } from './CollectionEditor';
import '../../styles/collections.css';

/** `/collection/new`: a new collection; with `?id=` the owner edits theirs. */
export function CollectionNew() {
  return (
    <RequireLogin>
      <EditScreen doneTo={(id) => `/collection/${id}/show`} />
    </RequireLogin>
  );
}

/**
 * The edit screen shared with `/admin/collection/edit?id=` (managers). Inside the admin frame
 * (`inAdmin`) the frame's header is the page's: the screen names itself with a heading under it
 * instead of drawing a second top bar.
 */
export function EditScreen({ doneTo, inAdmin = false }: { doneTo: (id: number) => string; inAdmin?: boolean }) {
  const [params] = useSearchParams();
  const raw = params.get('id');
  const id = Number(raw);
  const editing = raw !== null;
  const valid = Number.isInteger(id) && id > 0;
  const query = useCollection(id, editing && valid);
  if (editing && (!valid || query.error?.code === '404')) return <NotFound />;
  const title = editing ? '编辑合集' : '新建合集';
  const Frame = inAdmin ? 'section' : 'div';
  return (
    <Frame className={inAdmin ? 'admin-panel' : 'page'} aria-label={inAdmin ? title : undefined}>
      {inAdmin ? <h2 className="section-title">{title}</h2> : <PageHeader title={title} back />}
      {!editing ? (
        <CollectionEditor doneTo={doneTo} />
      ) : query.isPending ? (
        <Spinner />
      ) : query.error ? (
        <LoadFailed message={query.error.msg} onRetry={() => void query.refetch()} />
      ) : !query.data.me?.can_edit ? (
        <p className="empty">只有合集的创建者或管理员可以编辑</p>
      ) : (
        <CollectionEditor initial={query.data} doneTo={doneTo} />
      )}
    </Frame>
  );
}
