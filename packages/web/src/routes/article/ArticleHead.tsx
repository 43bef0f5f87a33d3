import type { MouseEvent, ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import type { ArticleDetail } from '@changdu/contract';
import { LevelChip, LockMark } from '../../components/ArticleMeta';
import { imageAt, readingTime, topicLabel } from '../../lib/articles';
import { formatDay } from '../../lib/format';
import { loginPathFor } from '../../lib/navigation';
import { useIsLoggedIn } from '../../lib/session';

/** The article's head: chips, titles, byline, dateline, cover and summary. */
export function ArticleHead({
  article,
  bilingual,
  summary,
}: {
  article: ArticleDetail;
  bilingual: boolean;
  /** The summary's English as the reader renders it (tappable, with word marks); plain text otherwise. */
  summary?: { text: ReactNode; onClick: (event: MouseEvent<HTMLDivElement>) => void };
}) {
  const date = article.published_at ? formatDay(article.published_at) : null;
  return (
    <>
      <header className="reader-head">
        <div className="reader-chips">
          <LevelChip level={article.level} />
          <span className="chip chip-plain">{readingTime(article.reading_minutes)}</span>
          {article.topics.map((topic) => (
            <Link key={topic} to={`/topic/${encodeURIComponent(topic)}`} className="chip chip-topic chip-link">
              {topicLabel(topic)}
            </Link>
          ))}
          {article.is_lock && <LockMark />}
          {article.me?.finished && <span className="chip chip-done">已读完</span>}
        </div>
        <h1 className="reader-title" lang="en">
          {article.title}
        </h1>
        {article.title_zh && <p className="reader-title-zh">{article.title_zh}</p>}
        {article.author && (
          <p className="reader-byline">
            <Link to={`/explore?author=${article.author.id}`} className="reader-author">
              {article.author.name}
            </Link>
          </p>
        )}
        {(article.source || date) && (
          <p className="reader-dateline">
            {article.source && <span>{article.source}</span>}
            {date && <time dateTime={article.published_at ?? undefined}>{date}</time>}
          </p>
        )}
      </header>
      {article.cover && (
        <figure className="reader-cover">
          <img
            src={imageAt(article.cover, 600)}
            srcSet={`${imageAt(article.cover, 600)} 600w, ${imageAt(article.cover, 1200)} 1200w`}
            sizes="(min-width: 768px) 680px, 100vw"
            alt=""
          />
        </figure>
      )}
      {article.summary && (
        <div className="reader-summary" onClick={summary?.onClick}>
          {summary?.text ?? <p lang="en">{article.summary}</p>}
          {bilingual && article.summary_zh && <p className="para-zh">{article.summary_zh}</p>}
        </div>
      )}
    </>
  );
}

/** The end of a members-only preview: what is missing and how to read on. */
export function MemberNotice({ shown, total }: { shown: number; total: number }) {
  const loggedIn = useIsLoggedIn();
  const { pathname } = useLocation();
  return (
    <aside className="card member-notice" aria-label="会员文章">
      <p className="member-notice-title">会员文章 · 开通会员阅读全文</p>
      <p className="member-notice-text">
        全文共 {total} 段，这里是前 {shown} 段。开通会员即可读完全文，并使用译文与阅读工具。
      </p>
      <div className="member-notice-actions">
        <Link to="/member" className="button button-primary">
          开通会员
        </Link>
        {!loggedIn && (
          <Link to={loginPathFor(pathname)} className="button button-ghost">
            已是会员？登录
          </Link>
        )}
      </div>
    </aside>
  );
}
