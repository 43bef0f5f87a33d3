import { useParams } from 'react-router';
import { levelLabels, type ArticleManage } from '@changdu/contract';
import { useApiQuery } from '../../api/hooks';
import { LoadFailed } from '../../components/LoadFailed';
import { PageHeader } from '../../components/PageHeader';
import { Spinner } from '../../components/Spinner';
import { MarkdownPoster } from './MarkdownPoster';
import { usePosterText, type PosterLayout } from './poster-text';
import '../../styles/media.css';

/** The poster text an editor starts from: level, title, Chinese title, the opening sentence and its translation. */
export function posterMarkdown(article: Pick<ArticleManage, 'title' | 'title_zh' | 'level' | 'source' | 'paragraphs'>): string {
  const first = article.paragraphs.find((p) => p.kind === 'p') ?? article.paragraphs[0];
  return [
    `\`${levelLabels[article.level]}${article.source ? ` · ${article.source}` : ''}\``,
    `# ${article.title}`,
    article.title_zh ? `## ${article.title_zh}` : '',
    first ? `> ${first.sentences[0]?.text ?? first.text}` : '',
    first?.zh ?? '',
  ]
    .filter(Boolean)
    .join('\n\n');
}

function coverName(cover: string | null): string | undefined {
  return cover?.match(/\/api\/image\/([a-z0-9-]+\.(?:webp|jpg|png))$/)?.[1];
}

/** /admin/article/:id/poster (layout 1) and /admin/article/:id/Poster2 (layout 2): editable text, preview, download. */
export function ArticlePosterAdmin({ layout }: { layout: PosterLayout }) {
  const articleId = Number(useParams().id);
  const article = useApiQuery('article.edit', { id: articleId });
  return (
    <div className="page">
      <PageHeader title={layout === 'poster' ? '文章海报' : '文章海报（版式二）'} back />
      <div className="poster-screen poster-editor">
        {article.isPending ? (
          <Spinner label="加载文章" />
        ) : article.error ? (
          <LoadFailed title="文章加载失败" message={article.error.msg} onRetry={() => void article.refetch()} />
        ) : (
          <PosterEditor key={`${articleId}-${layout}`} article={article.data} layout={layout} />
        )}
      </div>
    </div>
  );
}

function PosterEditor({ article, layout }: { article: ArticleManage; layout: PosterLayout }) {
  const poster = usePosterText(article.id, layout, posterMarkdown(article));
  return (
    <>
      <label>
        海报文字（Markdown）
        <textarea value={poster.text} onChange={(e) => poster.change(e.target.value)} />
      </label>
      {poster.edited && (
        <p className="muted">
          改过的文字保存在这台设备上。{' '}
          <button type="button" className="button button-ghost button-small" onClick={poster.reset}>
            恢复为文章原文
          </button>
        </p>
      )}
      {poster.text.trim() && (
        <MarkdownPoster
          markdown={poster.text}
          layout={layout}
          qr={`${window.location.origin}/article/${article.id}`}
          cover={layout === 'poster' ? coverName(article.cover) : undefined}
          fileName={`article-${article.id}-${layout}.png`}
        />
      )}
    </>
  );
}

export const ArticlePoster = () => <ArticlePosterAdmin layout="poster" />;
export const ArticlePoster2 = () => <ArticlePosterAdmin layout="poster2" />;
