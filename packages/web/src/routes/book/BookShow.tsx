import { Link, useParams } from 'react-router';
import { Codes, levelLabels } from '@changdu/contract';
import { errorMessage } from '../../api/client';
import { useAddToShelf, useBook, usePublishBook, useRemoveFromShelf } from '../../api/books.queries';
import { useCurrentUser } from '../../api/users.queries';
import { ErrorView } from '../../components/ErrorView';
import { LoadFailed } from '../../components/LoadFailed';
import { PageHeader } from '../../components/PageHeader';
import { Spinner } from '../../components/Spinner';
import { toast } from '../../lib/toast';
import { BookCover, percent } from './BookCover';
import '../../styles/books.css';

/** A book's page: cover and facts, continue reading, the table of contents with each chapter's level. */
export function BookShow() {
  const bookId = Number(useParams().id);
  const book = useBook(bookId);
  const { user } = useCurrentUser();
  const add = useAddToShelf();
  const remove = useRemoveFromShelf();
  const publish = usePublishBook();
  if (!Number.isInteger(bookId) || bookId <= 0 || book.error?.code === Codes.NOT_FOUND) return <ErrorView status={404} />;
  if (book.isPending) return <Spinner label="加载中" />;
  if (book.error) return <LoadFailed title="加载失败" message={book.error.msg} onRetry={() => void book.refetch()} />;
  const b = book.data;
  const pos = b.mine?.pos;
  const readTo = pos ? `/book/${b.id}/read` : `/book/${b.id}/read?chapter=0`;
  return (
    <div className="page page-books">
      <PageHeader title="书籍详情" titleAs="p" documentTitle={b.title} back />
      <section className="book-hero">
        <BookCover book={b} size="lg" />
        <div className="book-hero-body">
          <h1 className="book-title">{b.title}</h1>
          {b.author && <p className="book-author">{b.author}</p>}
          <p className="book-row-meta">
            {levelLabels[b.level]} · {b.chapter_count} 章 · 约 {b.word_count.toLocaleString()} 词{b.status === 'private' && ' · 仅自己可见'}
          </p>
          {b.mine && (
            <>
              <div className="book-progress" aria-hidden="true">
                <span style={{ width: percent(b.mine.progress) }} />
              </div>
              <p className="book-row-meta">已读 {percent(b.mine.progress)}</p>
            </>
          )}
          <div className="book-hero-actions">
            <Link to={readTo} className="button button-primary">
              {pos ? '继续阅读' : '开始阅读'}
            </Link>
            {user &&
              (b.mine ? (
                <button
                  type="button"
                  className="button button-ghost"
                  onClick={() =>
                    remove.mutate({ id: b.id }, { onSuccess: () => toast('已移出书架'), onError: (e) => toast(errorMessage(e)) })
                  }
                >
                  移出书架
                </button>
              ) : (
                <button
                  type="button"
                  className="button button-secondary"
                  onClick={() =>
                    add.mutate({ book_uuid: b.uuid }, { onSuccess: () => toast('已加入书架'), onError: (e) => toast(errorMessage(e)) })
                  }
                >
                  加入书架
                </button>
              ))}
            <Link to={`/book/${b.id}/share`} className="button button-ghost">
              分享
            </Link>
            {user?.is_manager && (
              <button
                type="button"
                className="button button-ghost"
                onClick={() =>
                  publish.mutate(
                    { id: b.id, cancel: b.status === 'published' },
                    {
                      onSuccess: (r) => toast(r.status === 'published' ? '已发布到书库' : '已撤回'),
                      onError: (e) => toast(errorMessage(e)),
                    },
                  )
                }
              >
                {b.status === 'published' ? '从书库撤回' : '发布到书库'}
              </button>
            )}
          </div>
        </div>
      </section>
      {b.description && <p className="book-description">{b.description}</p>}
      <section aria-label="目录">
        <h2 className="section-title">目录</h2>
        <ol className="book-toc">
          {b.toc.map((line, i) => {
            const info = line.chapter !== null ? b.chapters[line.chapter] : undefined;
            return (
              <li key={i} style={{ paddingInlineStart: `${line.depth * 16}px` }}>
                {line.chapter !== null ? (
                  <Link to={`/book/${b.id}/read?chapter=${line.chapter}${line.anchor ? `#${line.anchor}` : ''}`}>{line.title}</Link>
                ) : (
                  <span>{line.title}</span>
                )}
                {info && line.depth === 0 && (
                  <span className="book-toc-meta">
                    {levelLabels[info.level]} · {info.word_count} 词 · 超 CET-4 {info.level_words.C4 ?? 0} 词
                  </span>
                )}
              </li>
            );
          })}
        </ol>
      </section>
    </div>
  );
}
