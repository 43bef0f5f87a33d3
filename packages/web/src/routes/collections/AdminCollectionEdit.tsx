import { EditScreen } from './CollectionNew';

/** `/admin/collection/edit?id=`: a manager edits any collection (or makes one without `id`). */
export function AdminCollectionEdit() {
  return <EditScreen doneTo={() => '/admin/collection'} inAdmin />;
}
