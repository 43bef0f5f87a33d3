import { memo, useMemo, type ReactNode } from 'react';
import type { Paragraph } from '@changdu/contract';
import { cleanArticleHtml } from '../../lib/html';
import { decorateHtml, type Highlight, type WordClass } from './decorate';

const NO_HIGHLIGHTS: Highlight[] = [];

export const SUMMARY_ID = 'summary';
const segmenter = new Intl.Segmenter('en', { granularity: 'sentence' });
const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** The summary as a paragraph of its own, so it is tapped and marked exactly like body text. */
export function summaryParagraph(summary: string): Paragraph {
  const text = summary.replace(/\s+/g, ' ').trim();
  const sentences = [...segmenter.segment(text)]
    .map((s) => s.segment.trim())
    .filter(Boolean)
    .map((sentence, i) => ({ id: `${SUMMARY_ID}-s${i + 1}`, text: sentence }));
  return { id: SUMMARY_ID, kind: 'p', html: escapeHtml(text), text, sentences, zh: null };
}

/** The summary's English, decorated like a body paragraph (word marks; no highlights: notes anchor to the body). */
export function SummaryText({ paragraph, wordClass }: { paragraph: Paragraph; wordClass: WordClass | undefined }) {
  return <Html as="p" paragraph={paragraph} highlights={NO_HIGHLIGHTS} wordClass={wordClass} />;
}

/** What the reading tools draw on the text: my highlights by paragraph, and word marks. */
export interface Decorations {
  highlights: ReadonlyMap<string, Highlight[]>;
  wordClass?: WordClass;
}

/**
 * The article body, one element per paragraph by its `kind`. The element that carries
 * `data-pid` holds exactly the paragraph's HTML (its words wrapped in spans, highlights in
 * marks: the text itself unchanged) and nothing else, so the reading tools map text
 * offsets to paragraph ids; the translation, when shown, is a sibling beneath it.
 */
export const ArticleBody = memo(function ArticleBody({
  paragraphs,
  bilingual,
  decorations,
}: {
  paragraphs: Paragraph[];
  bilingual: boolean;
  decorations?: Decorations;
}) {
  const html = (paragraph: Paragraph, as: HtmlTag) => (
    <Html
      as={as}
      paragraph={paragraph}
      highlights={decorations?.highlights.get(paragraph.id) ?? NO_HIGHLIGHTS}
      wordClass={decorations?.wordClass}
    />
  );
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
              {html(item, 'div')}
              {bilingual && <Translation paragraph={item} />}
            </li>
          ))}
        </ul>,
      );
      continue;
    }
    blocks.push(<Block key={first.id} paragraph={first} bilingual={bilingual} html={html} />);
  }
  return <div className="reader-body">{blocks}</div>;
});

type HtmlTag = 'p' | 'h2' | 'h3' | 'div' | 'figure';

function Block({
  paragraph,
  bilingual,
  html,
}: {
  paragraph: Paragraph;
  bilingual: boolean;
  html: (paragraph: Paragraph, as: HtmlTag) => ReactNode;
}) {
  const zh = bilingual && <Translation paragraph={paragraph} />;
  switch (paragraph.kind) {
    case 'h2':
    case 'h3':
      return (
        <>
          {html(paragraph, paragraph.kind)}
          {zh}
        </>
      );
    case 'blockquote':
      return (
        <blockquote className="para-quote">
          {html(paragraph, 'p')}
          {zh}
        </blockquote>
      );
    case 'figure':
      return (
        <div className="para-figure-wrap">
          {html(paragraph, 'figure')}
          {zh}
        </div>
      );
    default:
      return (
        <>
          {html(paragraph, 'p')}
          {zh}
        </>
      );
  }
}

interface HtmlProps {
  as: HtmlTag;
  paragraph: Paragraph;
  highlights: Highlight[];
  wordClass: WordClass | undefined;
}

/**
 * The paragraph's own HTML: sanitised by the server, passed through an allow-list here as
 * well, then decorated. Re-rendered only when its HTML, its highlights or the word marks change.
 */
const Html = memo(function Html({ as: Tag, paragraph, highlights, wordClass }: HtmlProps) {
  const clean = useMemo(() => cleanArticleHtml(paragraph.html), [paragraph.html]);
  const html = useMemo(() => decorateHtml(clean, highlights, wordClass), [clean, highlights, wordClass]);
  return <Tag className={`para para-${paragraph.kind}`} data-pid={paragraph.id} lang="en" dangerouslySetInnerHTML={{ __html: html }} />;
});

function Translation({ paragraph }: { paragraph: Paragraph }) {
  if (!paragraph.zh) return null;
  return (
    <p className="para-zh" lang="zh-CN" data-zh-for={paragraph.id}>
      {paragraph.zh}
    </p>
  );
}
