import { useState } from 'react';
import { useParams } from 'react-router';
import { Codes } from '@changdu/contract';
import { endpointUrl } from '../../api/client';
import { useBook, useBookNotes } from '../../api/books.queries';
import { ErrorView } from '../../components/ErrorView';
import { PageHeader } from '../../components/PageHeader';
import { Spinner } from '../../components/Spinner';
import { copyText } from '../../lib/clipboard';
import { useIsLoggedIn } from '../../lib/session';
import { toast } from '../../lib/toast';
import '../../styles/books.css';
import '../../styles/media.css';

/** Shares the image itself where the browser can (phones mostly); elsewhere the button is not shown. */
async function shareImage(src: string, name: string, title: string): Promise<void> {
  const blob = await (await fetch(src, { credentials: 'include' })).blob();
  const file = new File([blob], name, { type: 'image/png' });
  try {
    await navigator.share({ files: [file], title });
  } catch {
    // cancelled
  }
}

const canShareFiles = () => {
  try {
    return typeof navigator.canShare === 'function' && navigator.canShare({ files: [new File([], 'x.png', { type: 'image/png' })] });
  } catch {
    return false;
  }
};

/**
 * /book/:id/share: the book's share image (cover, title, author, my progress, a quote: my
 * highlight if I pick one, else where I am reading), to save, share or link to.
 */
export function BookShare() {
  const bookId = Number(useParams().id);
  const loggedIn = useIsLoggedIn();
  const book = useBook(bookId);
  const notes = useBookNotes(bookId, loggedIn && bookId > 0);
  const [note, setNote] = useState<string | undefined>(undefined);
  const [loaded, setLoaded] = useState<string | null>(null);
  if (!Number.isInteger(bookId) || bookId <= 0 || book.error?.code === Codes.NOT_FOUND) return <ErrorView status={404} />;
  if (!book.data) return <Spinner />;
  const b = book.data;
  const src = endpointUrl('book.shareImage', note ? { id: b.id, note_uuid: note } : { id: b.id });
  const url = `${window.location.origin}/book/${b.id}/show`;
  const name = `book-${b.id}.png`;
  const list = notes.data?.list ?? [];
  return (
    <div className="page page-books">
      <PageHeader title="分享" back />
      <div className="poster-screen">
        {list.length > 0 && (
          <label className="book-share-pick">
            引用：
            <select className="input select" value={note ?? ''} onChange={(e) => setNote(e.target.value || undefined)}>
              <option value="">我读到的地方</option>
              {list.map((n) => (
                <option key={n.note_uuid} value={n.note_uuid}>
                  {n.text.slice(0, 40)}
                </option>
              ))}
            </select>
          </label>
        )}
        <div className="book-share-frame">
          {loaded !== src && <Spinner label="正在生成图片" />}
          <img
            className="poster-preview"
            src={src}
            alt={`《${b.title}》的分享图`}
            hidden={loaded !== src}
            onLoad={() => setLoaded(src)}
            onError={() => toast('图片生成失败，请稍后再试')}
          />
        </div>
        <div className="media-row book-share-actions">
          <a className="button button-primary" href={src} download={name}>
            保存图片
          </a>
          {canShareFiles() && (
            <button type="button" className="button button-secondary" onClick={() => void shareImage(src, name, b.title)}>
              分享图片
            </button>
          )}
          <button
            type="button"
            className="button button-secondary"
            onClick={() => void copyText(url).then((copied) => toast(copied ? '已复制链接' : '复制失败，请长按图片保存'))}
          >
            复制链接
          </button>
        </div>
        <p className="book-share-hint">在手机上也可以长按图片保存或发送给朋友。</p>
      </div>
    </div>
  );
}
