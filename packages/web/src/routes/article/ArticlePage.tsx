import { Link, useLocation, useParams } from 'react-router';
import { Codes, type ArticleDetail } from '@changdu/contract';
import { useArticle } from '../../api/articles.queries';
import { LevelChip, LockMark } from '../../components/ArticleMeta';
import { ErrorView } from '../../components/ErrorView';
import { LoadFailed } from '../../components/LoadFailed';
import { PageHeader } from '../../components/PageHeader';
import { Spinner } from '../../components/Spinner';
import { imageAt, readingTime, topicLabel } from '../../lib/articles';
import { formatDay } from '../../lib/format';
import { loginPathFor } from '../../lib/navigation';
import { useIsLoggedIn } from '../../lib/session';
import { ArticleBody } from './ArticleBody';
import { useBilingual } from './useBilingual';

/**
 * The reading page: the article's head, its body by paragraph, the translations on
 * demand, and a membership notice when only a preview is shown. It keeps the scroll
 * position the browser gives it (the shell skips its scroll-to-top here).
 */
export function ArticlePage() {
  const { id } = useParams();
  const articleId = Number(id);
  const article = useArticle(articleId);
  const [bilingual, setBilingual] = useBilingual();

  const toggle = (
    <button
      type="button"
      className={`toggle-chip${bilingual ? ' is-on' : ''}`}
      aria-pressed={bilingual}
      onClick={() => setBilingual(!bilingual)}
    >
      双语
    </button>
  );

  if (!Number.isInteger(articleId) || articleId <= 0 || article.error?.code === Codes.NOT_FOUND) {
    return <ErrorView status={404} />;
  }
  return (
    <div className="page page-reading">
      <PageHeader
        title={article.data?.source ?? '外刊精读'}
        titleAs="p"
        documentTitle={article.data?.title ?? '文章'}
        back
        actions={article.data ? toggle : undefined}
      />
      {article.isPending ? (
        <Spinner label="文章加载中" />
      ) : article.error ? (
        <LoadFailed title="文章加载失败" message={article.error.msg} onRetry={() => void article.refetch()} />
      ) : (
        <Reader article={article.data} bilingual={bilingual} />
      )}
    </div>
  );
}

function Reader({ article, bilingual }: { article: ArticleDetail; bilingual: boolean }) {
  const date = article.published_at ? formatDay(article.published_at) : null;
  return (
    <article className="reader">
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
        <div className="reader-summary">
          <p lang="en">{article.summary}</p>
          {bilingual && article.summary_zh && <p className="para-zh">{article.summary_zh}</p>}
        </div>
      )}
      <div className={article.preview ? 'reader-preview' : undefined}>
        <ArticleBody paragraphs={article.paragraphs} bilingual={bilingual} />
      </div>
      {article.preview && <MemberNotice shown={article.paragraphs.length} total={article.paragraph_total} />}
      {article.url && (
        <footer className="reader-foot">
          <a href={article.url} target="_blank" rel="noopener noreferrer" className="reader-original">
            阅读原文
          </a>
        </footer>
      )}
    </article>
  );
}

function MemberNotice({ shown, total }: { shown: number; total: number }) {
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
