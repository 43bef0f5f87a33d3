import { useSearchParams } from 'react-router';
import type { ArticleDetail } from '@changdu/contract';
import { CollectionNext } from './CollectionNext';
import { IssueNext } from './IssueNext';

/** The editors' key vocabulary of the article, at its end; each word opens its sheet. */
export function KeyWords({ words, onOpen }: { words: ArticleDetail['words']; onOpen: (word: string) => void }) {
  if (words.length === 0) return null;
  return (
    <section className="key-words" aria-labelledby="key-words-title">
      <h2 id="key-words-title" className="key-words-title">
        本文重点词汇
      </h2>
      <ul className="key-word-list">
        {words.map((item) => (
          <li key={item.word} className="key-word">
            <button type="button" className="key-word-head" lang="en" onClick={() => onOpen(item.word)}>
              {item.word}
            </button>
            {item.tag && <span className="chip">{item.tag}</span>}
            <p className="key-word-resolve">{item.resolve}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** "读完了吗？" at the end of a full article: marks it finished. */
export function FinishCard({ finished, pending, onFinish }: { finished: boolean; pending: boolean; onFinish: () => void }) {
  return (
    <section className={`finish-card${finished ? ' is-done' : ''}`} aria-label="读完这篇">
      {finished ? (
        <p className="finish-card-text">
          <span className="finish-card-mark" aria-hidden="true">
            ✓
          </span>
          已读完这篇文章，阅读时长已记录
        </p>
      ) : (
        <>
          <p className="finish-card-text">读完这篇了吗？标记一下，阅读数据里会记上一笔</p>
          <button type="button" className="button button-primary" disabled={pending} onClick={onFinish}>
            标记为读完
          </button>
        </>
      )}
    </section>
  );
}

/** The id of the collection the article was opened from (`?collection=ID`), if any. */
function collectionParam(params: URLSearchParams): number | null {
  const id = Number(params.get('collection'));
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** "Next in this collection" when the article was opened from one. */
export function NextInCollection({ articleId }: { articleId: number }) {
  const [params] = useSearchParams();
  const collectionId = collectionParam(params);
  return collectionId === null ? null : <CollectionNext collectionId={collectionId} articleId={articleId} />;
}

/** The id of the magazine issue the article was opened from (`?magazine=ID`), if any. */
function magazineParam(params: URLSearchParams): number | null {
  const id = Number(params.get('magazine'));
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** "Next in this issue" when the article was opened from a magazine issue. */
export function NextInIssue({ articleId }: { articleId: number }) {
  const [params] = useSearchParams();
  const magazineId = magazineParam(params);
  return magazineId === null ? null : <IssueNext magazineId={magazineId} articleId={articleId} />;
}
