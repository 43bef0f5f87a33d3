import { Link } from 'react-router';
import { levelLabels, type BookCard } from '@changdu/contract';
import { errorMessage } from '../../api/client';
import { useLibrary, useManagedBooks, usePublishBook } from '../../api/books.queries';
import { useCurrentUser } from '../../api/users.queries';
import { LoadFailed } from '../../components/LoadFailed';
import { LoadMore } from '../../components/LoadMore';
import { PageHeader } from '../../components/PageHeader';
import { Spinner } from '../../components/Spinner';
import { toast } from '../../lib/toast';
import { BookCover } from './BookCover';
import '../../styles/books.css';

function BookTile({ book }: { book: BookCard }) {
  return (
    <li className="book-tile">
      <Link to={`/book/${book.id}/show`}>
        <BookCover book={book} />
        <span className="book-tile-title">{book.title}</span>
        <span className="book-tile-meta">
          {levelLabels[book.level]} · {Math.max(1, Math.round(book.word_count / 1000))}k 词
        </span>
      </Link>
    </li>
  );
}

/** 书库: books a manager published; managers also see uploads waiting to be published. */
export function Library() {
  const query = useLibrary();
  const { user } = useCurrentUser();
  const books = query.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <div className="page page-books">
      <PageHeader
        title="书库"
        back
        actions={
          <Link to="/book" className="button button-ghost button-small">
            我的书架
          </Link>
        }
      />
      {query.isPending ? (
        <Spinner label="书库加载中" />
      ) : query.error ? (
        <LoadFailed title="书库加载失败" message={query.error.msg} onRetry={() => void query.refetch()} />
      ) : books.length === 0 ? (
        <p className="empty">书库里还没有书。</p>
      ) : (
        <ul className="book-grid" aria-label="书库">
          {books.map((b) => (
            <BookTile key={b.id} book={b} />
          ))}
        </ul>
      )}
      <LoadMore
        hasNextPage={query.hasNextPage}
        isFetchingNextPage={query.isFetchingNextPage}
        fetchNextPage={() => void query.fetchNextPage()}
        failed={query.isFetchNextPageError}
      />
      {user?.is_manager && <PendingBooks />}
    </div>
  );
}

function PendingBooks() {
  const query = useManagedBooks(true);
  const publish = usePublishBook();
  const books = query.data?.pages.flatMap((p) => p.list) ?? [];
  if (!books.length) return null;
  return (
    <section className="book-pending" aria-label="待发布的上传">
      <h2 className="section-title">待发布的上传（仅管理员可见）</h2>
      <ul className="book-shelf">
        {books.map((b) => (
          <li key={b.id} className="book-row">
            <BookCover book={b} size="sm" />
            <div className="book-row-body">
              <Link to={`/book/${b.id}/show`} className="book-row-title">
                {b.title}
              </Link>
              <p className="book-row-meta">上传者：{b.uploader ?? '—'}</p>
            </div>
            <button
              type="button"
              className="button button-secondary button-small book-row-action"
              disabled={publish.isPending}
              onClick={() =>
                publish.mutate({ id: b.id }, { onSuccess: () => toast('已发布到书库'), onError: (e) => toast(errorMessage(e)) })
              }
            >
              发布
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
