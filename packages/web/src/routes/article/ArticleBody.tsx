import { useMemo, type ReactNode } from 'react';
import type { Paragraph } from '@changdu/contract';
import { cleanArticleHtml } from '../../lib/html';

/**
 * The article body, one element per paragraph by its `kind`. The element that carries
 * `data-pid` holds exactly the paragraph's HTML and nothing else, so the reading tools
 * of a later issue can map text offsets to paragraph ids; the translation, when shown,
 * is a sibling beneath it.
 */
export function ArticleBody({ paragraphs, bilingual }: { paragraphs: Paragraph[]; bilingual: boolean }) {
  const blocks: ReactNode[] = [];
  for (let i = 0; i < paragraphs.length; i++) {
    const first = paragraphs[i]!;
    if (first.kind === 'li') {
      // Consecutive list items form one list.
      const items: Paragraph[] = [];
      while (i < paragraphs.length && paragraphs[i]!.kind === 'li') items.push(paragraphs[i++]!);
      i--;
      blocks.push(
        <ul key={first.id} className="para-list">
          {items.map((item) => (
            <li key={item.id}>
              <Html as="div" paragraph={item} />
              {bilingual && <Translation paragraph={item} />}
            </li>
          ))}
        </ul>,
      );
      continue;
    }
    blocks.push(<Block key={first.id} paragraph={first} bilingual={bilingual} />);
  }
  return <div className="reader-body">{blocks}</div>;
}

function Block({ paragraph, bilingual }: { paragraph: Paragraph; bilingual: boolean }) {
  const zh = bilingual && <Translation paragraph={paragraph} />;
  switch (paragraph.kind) {
    case 'h2':
    case 'h3':
      return (
        <>
          <Html as={paragraph.kind} paragraph={paragraph} />
          {zh}
        </>
      );
    case 'blockquote':
      return (
        <blockquote className="para-quote">
          <Html as="p" paragraph={paragraph} />
          {zh}
        </blockquote>
      );
    case 'figure':
      return (
        <div className="para-figure-wrap">
          <Html as="figure" paragraph={paragraph} />
          {zh}
        </div>
      );
    default:
      return (
        <>
          <Html as="p" paragraph={paragraph} />
          {zh}
        </>
      );
  }
}

/** The paragraph's own HTML: sanitised by the server, passed through an allow-list here as well. */
function Html({ as: Tag, paragraph }: { as: 'p' | 'h2' | 'h3' | 'div' | 'figure'; paragraph: Paragraph }) {
  const html = useMemo(() => cleanArticleHtml(paragraph.html), [paragraph.html]);
  return <Tag className={`para para-${paragraph.kind}`} data-pid={paragraph.id} lang="en" dangerouslySetInnerHTML={{ __html: html }} />;
}

function Translation({ paragraph }: { paragraph: Paragraph }) {
  if (!paragraph.zh) return null;
  return (
    <p className="para-zh" lang="zh-CN" data-zh-for={paragraph.id}>
      {paragraph.zh}
    </p>
  );
}
