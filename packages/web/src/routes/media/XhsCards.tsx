import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useApiQuery } from '../../api/hooks';
import { Field } from '../../components/Field';
import { PageHeader } from '../../components/PageHeader';
import { MarkdownPoster } from './MarkdownPoster';
import '../../styles/media.css';

const MAX_CARDS = 9;

/** /admin/poster_xhs?id=…: Xiaohongshu 3:4 cards of an article — a title card, then one card per paragraph. */
export function XhsCards() {
  const [params, setParams] = useSearchParams();
  const [draft, setDraft] = useState(params.get('id') ?? '');
  const id = Number(params.get('id'));
  const article = useApiQuery('article.edit', { id }, { enabled: Number.isInteger(id) && id > 0 });
  const cards: string[] = article.data
    ? [
        [`# ${article.data.title}`, article.data.title_zh ? `## ${article.data.title_zh}` : '', article.data.summary_zh ?? '']
          .filter(Boolean)
          .join('\n\n'),
        ...article.data.paragraphs
          .filter((p) => p.kind === 'p')
          .slice(0, MAX_CARDS - 1)
          .map((p) => [p.text, p.zh ? `> ${p.zh}` : ''].filter(Boolean).join('\n\n')),
      ]
    : [];
  return (
    <div className="page">
      <PageHeader title="小红书卡片" back />
      <div className="poster-screen">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            setParams({ id: draft });
          }}
        >
          <Field label="文章 id" inputMode="numeric" value={draft} onChange={(e) => setDraft(e.target.value)} />
          <button type="submit" className="button button-primary">
            生成卡片
          </button>
        </form>
        {article.error && <p role="alert">{article.error.msg}</p>}
        <div className="poster-grid">
          {cards.map((markdown, i) => (
            <MarkdownPoster key={`${id}-${i}`} markdown={markdown} layout="xhs" page={i + 1} fileName={`xhs-${id}-${i + 1}.png`} />
          ))}
        </div>
      </div>
    </div>
  );
}
