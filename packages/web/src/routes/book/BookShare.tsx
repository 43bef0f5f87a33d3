import { useParams } from 'react-router';
import { Codes, levelLabels } from '@changdu/contract';
import { useBook, useBookNotes } from '../../api/books.queries';
import { ErrorView } from '../../components/ErrorView';
import { PageHeader } from '../../components/PageHeader';
import { Spinner } from '../../components/Spinner';
import { copyText } from '../../lib/clipboard';
import { useIsLoggedIn } from '../../lib/session';
import { toast } from '../../lib/toast';
import { BookCover, percent } from './BookCover';
import '../../styles/books.css';

/** A share card: cover, title, my progress and a quote (my latest highlight), with copy / native share. */
export function BookShare() {
  const bookId = Number(useParams().id);
  const loggedIn = useIsLoggedIn();
  const book = useBook(bookId);
  const notes = useBookNotes(bookId, loggedIn && bookId > 0);
  if (!Number.isInteger(bookId) || bookId <= 0 || book.error?.code === Codes.NOT_FOUND) return <ErrorView status={404} />;
  if (!book.data) return <Spinner />;
  const b = book.data;
  const quote = [...(notes.data?.list ?? [])].sort((x, y) => y.id - x.id)[0]?.text;
  const url = `${window.location.origin}/book/${b.id}/show`;
  const text = `我在畅读读《${b.title}》${b.mine ? `，已读 ${percent(b.mine.progress)}` : ''}${quote ? `：“${quote}”` : ''} ${url}`;
  const share = async () => {
    if (navigator.share) {
      try {
        await navigator.share({ title: b.title, text, url });
        return;
      } catch {
        // cancelled: fall back to copying
      }
    }
    if (await copyText(text)) toast('已复制分享文字');
  };
  return (
    <div className="page page-books">
      <PageHeader title="分享" back />
      <figure className="book-share-card">
        <BookCover book={b} size="lg" />
        <figcaption>
          <p className="book-title">{b.title}</p>
          {b.author && <p className="book-author">{b.author}</p>}
          <p className="book-row-meta">
            {levelLabels[b.level]} · {b.chapter_count} 章
          </p>
          {b.mine && <p className="book-share-progress">我已读 {percent(b.mine.progress)}</p>}
          {quote && <blockquote className="book-share-quote">“{quote}”</blockquote>}
          <p className="book-share-brand">畅读 · 读英文原版书</p>
        </figcaption>
      </figure>
      <button type="button" className="button button-primary book-share-button" onClick={() => void share()}>
        分享给朋友
      </button>
    </div>
  );
}
