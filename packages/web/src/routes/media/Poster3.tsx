import { useState } from 'react';
import { useParams } from 'react-router';
import { endpointUrl } from '../../api/client';
import { useApiQuery } from '../../api/hooks';
import { PageHeader } from '../../components/PageHeader';
import { share } from '../../lib/native-bridge';
import { useIsLoggedIn } from '../../lib/session';
import '../../styles/media.css';

/** /article/:id/poster3: the reader's own share card, with one of their highlights (or the opening sentence). */
export function Poster3() {
  const articleId = Number(useParams().id);
  const loggedIn = useIsLoggedIn();
  const notes = useApiQuery('note.mine', { id: articleId }, { enabled: loggedIn });
  const [note, setNote] = useState<string | undefined>(undefined);
  const src = endpointUrl('article.poster', note ? { id: articleId, note_uuid: note } : { id: articleId });
  return (
    <div className="page">
      <PageHeader title="分享卡片" back />
      <div className="poster-screen">
        {loggedIn && notes.data && notes.data.list.length > 0 && (
          <label>
            选一条我的划线：
            <select className="input select" value={note ?? ''} onChange={(e) => setNote(e.target.value || undefined)}>
              <option value="">文章第一句</option>
              {notes.data.list.map((n) => (
                <option key={n.note_uuid} value={n.note_uuid}>
                  {n.text.slice(0, 40)}
                </option>
              ))}
            </select>
          </label>
        )}
        <img className="poster-preview" src={src} alt="分享卡片" />
        <div className="media-row">
          <a className="button button-primary" href={src} download={`article-${articleId}.png`}>
            保存图片
          </a>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => void share(`${window.location.origin}/article/${articleId}`)}
          >
            分享链接
          </button>
        </div>
      </div>
    </div>
  );
}
