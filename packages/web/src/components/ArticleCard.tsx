import { useState } from 'react';
import { Link } from 'react-router';
import type { ArticleCard as Card } from '@changdu/contract';
import { byline, coverPath, coverSources, placeholderPath, readingTime } from '../lib/articles';
import { formatDay } from '../lib/format';
import { markOnlyHtml } from '../lib/html';
import { LevelChip, LockMark, TopicChip } from './ArticleMeta';
import { useKeptArticle } from '../offline/useKeptArticle';

export interface ArticleCardProps {
  article: Card;
  /** The lead card of a list: a large cover above the text. */
  featured?: boolean;
  /** A search hit's snippet: escaped text with `<mark>` around the matched words. */
  snippet?: string;
  /** Why it is recommended ("你认识其中 95% 的词"). */
  reason?: string | null;
}

/** One article in a list: cover, English and Chinese titles, level, reading time, topics, byline. */
export function ArticleCard({ article, featured = false, snippet, reason }: ArticleCardProps) {
  const date = article.published_at ? formatDay(article.published_at) : null;
  const by = byline(article);
  const keptOffline = useKeptArticle(article.id);
  return (
    <li className={`article-card${featured ? ' article-card-featured' : ''}${keptOffline === 'not-kept' ? ' article-card-unkept' : ''}`}>
      <Link to={`/article/${article.id}`} className="article-card-link">
        <Cover article={article} featured={featured} />
        <div className="article-card-body">
          <h3 className="article-card-title" lang="en">
            {article.title}
          </h3>
          {article.title_zh && <p className="article-card-title-zh">{article.title_zh}</p>}
          {featured && article.summary && (
            <p className="article-card-summary" lang="en">
              {article.summary}
            </p>
          )}
          {reason && <p className="article-card-reason">{reason}</p>}
          {snippet !== undefined && (
            // The server escapes the snippet; markOnlyHtml keeps nothing but <mark> either way.
            <p className="article-card-snippet" lang="en" dangerouslySetInnerHTML={{ __html: markOnlyHtml(snippet) }} />
          )}
        </div>
        <div className="article-card-foot">
          <div className="article-card-meta">
            <LevelChip level={article.level} />
            <span className="chip chip-plain">{readingTime(article.reading_minutes)}</span>
            {article.known_pct !== null && (
              <span
                className={`chip chip-known${knownBand(article.known_pct)}`}
                title={`你认识其中 ${Math.round(article.known_pct)}% 的词`}
              >
                认识 {Math.round(article.known_pct)}%
              </span>
            )}
            {article.topics.slice(0, 2).map((topic) => (
              <TopicChip key={topic} topic={topic} />
            ))}
            {article.is_lock && <LockMark />}
            {keptOffline === 'not-kept' && <span className="chip chip-plain">不可离线阅读</span>}
          </div>
          {(by || date) && (
            <p className="article-card-byline">
              {by && <span className="article-card-by">{by}</span>}
              {date && (
                <time dateTime={article.published_at ?? undefined} className="article-card-date">
                  {date}
                </time>
              )}
            </p>
          )}
        </div>
      </Link>
    </li>
  );
}

/** 90–98 % is the comfortable band (comprehensible input); below it is hard going. */
function knownBand(pct: number): string {
  if (pct >= 90 && pct <= 98) return ' is-fit';
  return pct < 80 ? ' is-hard' : '';
}

/** The cover, or the article's placeholder; a cover that fails to load falls back to it too. */
function Cover({ article, featured }: { article: Card; featured: boolean }) {
  const [broken, setBroken] = useState(false);
  const path = broken ? placeholderPath(article.placeholder) : coverPath(article);
  const { src, srcSet } = coverSources(path);
  const placeholder = broken || !article.cover;
  return (
    <div className={`article-card-cover${placeholder ? ' is-placeholder' : ''}`}>
      <img
        src={src}
        srcSet={srcSet}
        sizes={featured ? '(min-width: 768px) 440px, 100vw' : '(min-width: 768px) 440px, 112px'}
        alt=""
        loading={featured ? 'eager' : 'lazy'}
        decoding="async"
        onError={broken ? undefined : () => setBroken(true)}
      />
    </div>
  );
}
