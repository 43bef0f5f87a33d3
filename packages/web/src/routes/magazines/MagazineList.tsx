import { useMagazines } from '../../api/magazines.queries';
import { LoadFailed } from '../../components/LoadFailed';
import { LoadMore } from '../../components/LoadMore';
import { PageHeader } from '../../components/PageHeader';
import { Spinner } from '../../components/Spinner';
import { IssueShelf } from './MagazineShelf';

/** `/magazine`: every published issue, newest first. */
export function MagazineList() {
  const issues = useMagazines();
  const list = issues.data?.pages.flatMap((page) => page.list).filter((issue) => issue.status === 'published') ?? [];
  return (
    <div className="page page-wide">
      <PageHeader title="杂志" back />
      {issues.isPending ? (
        <Spinner />
      ) : issues.error && list.length === 0 ? (
        <LoadFailed title="杂志加载失败" message={issues.error.msg} onRetry={() => void issues.refetch()} />
      ) : list.length === 0 ? (
        <p className="empty">还没有发布的杂志</p>
      ) : (
        <IssueShelf issues={list} grid />
      )}
      <LoadMore
        hasNextPage={issues.hasNextPage}
        isFetchingNextPage={issues.isFetchingNextPage}
        fetchNextPage={() => issues.fetchNextPage()}
        failed={issues.isFetchNextPageError}
      />
    </div>
  );
}
