import { Link } from 'react-router';
import { levelLabels } from '@changdu/contract';
import { useShelf } from '../../api/books.queries';
import { LoadFailed } from '../../components/LoadFailed';
import { LoadMore } from '../../components/LoadMore';
import { PageHeader } from '../../components/PageHeader';
import { RequireLogin } from '../../components/RequireLogin';
import { Spinner } from '../../components/Spinner';
import { BookCover, percent } from './BookCover';
import '../../styles/books.css';

/** 我的书架: my books, last read first, with progress. */
export function Shelf() {
  return (
    <RequireLogin>
      <ShelfScreen />
    </RequireLogin>
  );
}

function ShelfScreen() {
  const query = useShelf();
  const entries = query.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <div className="page page-books">
      <PageHeader
        title="我的书架"
        actions={
          <div className="book-header-actions">
            <Link to="/book/library" className="button button-ghost button-small">
              书库
            </Link>
            <Link to="/book/upload" className="button button-secondary button-small">
              导入
            </Link>
          </div>
        }
      />
      {query.isPending ? (
        <Spinner label="书架加载中" />
      ) : query.error ? (
        <LoadFailed title="书架加载失败" message={query.error.msg} onRetry={() => void query.refetch()} />
      ) : entries.length === 0 ? (
        <div className="empty">
          <p>书架还是空的。去书库挑一本，或导入自己的 EPUB 电子书。</p>
          <div className="book-empty-actions">
            <Link to="/book/library" className="button button-secondary button-small">
              去书库
            </Link>
            <Link to="/book/upload" className="button button-ghost button-small">
              导入电子书
            </Link>
          </div>
        </div>
      ) : (
        <ul className="book-shelf" aria-label="书架上的书">
          {entries.map((e) => (
            <li key={e.book.id} className="book-row">
              <Link to={`/book/${e.book.id}/show`} className="book-row-cover" aria-hidden="true" tabIndex={-1}>
                <BookCover book={e.book} size="sm" />
              </Link>
              <div className="book-row-body">
                <Link to={`/book/${e.book.id}/show`} className="book-row-title">
                  {e.book.title}
                </Link>
                <p className="book-row-meta">
                  {[e.book.author, levelLabels[e.book.level], `${e.book.chapter_count} 章`].filter(Boolean).join(' · ')}
                </p>
                <div className="book-progress" aria-hidden="true">
                  <span style={{ width: percent(e.progress) }} />
                </div>
                <p className="book-row-meta">{e.pos ? `已读 ${percent(e.progress)}` : '还没开始读'}</p>
              </div>
              <Link to={`/book/${e.book.id}/read`} className="button button-secondary button-small book-row-action">
                {e.pos ? '继续' : '开始'}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <LoadMore
        hasNextPage={query.hasNextPage}
        isFetchingNextPage={query.isFetchingNextPage}
        fetchNextPage={() => void query.fetchNextPage()}
        failed={query.isFetchNextPageError}
      />
    </div>
  );
}
