import { memo, useEffect, useMemo, useState, type ReactNode } from 'react';
import { READER_FIRST_BLOCKS, type Paragraph } from '@changdu/contract';
import { cleanArticleHtml } from '../../lib/html';
import { decorateHtml, marksClass, wordMarks, type Highlight, type WordClass } from './decorate';

const NO_HIGHLIGHTS: Highlight[] = [];

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
 * `data-pid` holds exactly the paragraph's HTML (its marked words wrapped in spans, highlights in
 * marks: the text itself unchanged) and nothing else, so the reading tools map text
 * offsets to paragraph ids; the translation, when shown, is a sibling beneath it.
 */
export const ArticleBody = memo(function ArticleBody({
  paragraphs,
  bilingual,
  decorations,
  paragraphMenu = false,
  progressive = false,
}: {
  paragraphs: Paragraph[];
  bilingual: boolean;
  decorations?: Decorations;
  /** Give each text paragraph a handle in the margin that opens its menu (`data-para-menu`; the page handles the tap). */
  paragraphMenu?: boolean;
  /**
   * Render the first screens at once and the rest in idle time, a chunk per task, so a long
   * article is on screen and tappable before its last paragraph exists. Off where the page
   * scrolls to a paragraph on open (it must exist by then).
   */
  progressive?: boolean;
}) {
  const html = (paragraph: Paragraph, as: HtmlTag) => (
    <>
      {paragraphMenu && as !== 'h2' && as !== 'h3' && as !== 'figure' && <MenuHandle paragraph={paragraph} />}
      <Html
        as={as}
        paragraph={paragraph}
        highlights={decorations?.highlights.get(paragraph.id) ?? NO_HIGHLIGHTS}
        wordClass={decorations?.wordClass}
      />
    </>
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
  const shown = useRevealed(blocks.length, progressive);
  return <div className="reader-body">{shown < blocks.length ? blocks.slice(0, shown) : blocks}</div>;
});

/** Blocks in the first render: the server draws the same ones into its first response. */
const FIRST_BLOCKS = READER_FIRST_BLOCKS;
/** Blocks added per idle task after it (a few milliseconds of rendering each). */
const MORE_BLOCKS = 25;

/** How many of `total` blocks to render now: all, or a first part growing in idle time. */
function useRevealed(total: number, progressive: boolean): number {
  const [count, setCount] = useState(() => (progressive ? Math.min(total, FIRST_BLOCKS) : total));
  const pending = count < total;
  useEffect(() => {
    if (!pending) return;
    const later = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1));
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    const handle = later(() => setCount((n) => n + MORE_BLOCKS));
    return () => cancel(handle);
  }, [pending, count]);
  return progressive ? Math.min(count, total) : total;
}

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
 * The paragraph's own HTML: sanitised by the server, cleaned again here (DOMPurify,
 * `lib/html.ts`), then decorated. The word marks are reduced to the paragraph's own (`wordMarks`, a
 * string), so when the word book or the level list arrives only the paragraphs holding one
 * of their words render again.
 */
function Html({ as, paragraph, highlights, wordClass }: HtmlProps) {
  const marks = useMemo(() => wordMarks(paragraph.text, wordClass), [paragraph.text, wordClass]);
  return <MarkedHtml as={as} paragraph={paragraph} highlights={highlights} marks={marks} />;
}

const MarkedHtml = memo(function MarkedHtml({ as: Tag, paragraph, highlights, marks }: Omit<HtmlProps, 'wordClass'> & { marks: string }) {
  const clean = useMemo(() => cleanArticleHtml(paragraph.html), [paragraph.html]);
  const html = useMemo(() => decorateHtml(clean, highlights, marksClass(marks)), [clean, highlights, marks]);
  return <Tag className={`para para-${paragraph.kind}`} data-pid={paragraph.id} lang="en" dangerouslySetInnerHTML={{ __html: html }} />;
});

/**
 * The paragraph's menu handle: a small button floated into the right margin just before the
 * paragraph, so it sits beside its first line, outside the text (the `data-pid` element holds
 * only the paragraph) and clear of word taps and selections. Its dots are drawn by CSS, so a
 * copied selection never carries them.
 */
function MenuHandle({ paragraph }: { paragraph: Paragraph }) {
  return <button type="button" className="para-menu" data-para-menu={paragraph.id} aria-label="段落菜单" />;
}

function Translation({ paragraph }: { paragraph: Paragraph }) {
  if (!paragraph.zh) return null;
  return (
    <p className="para-zh" lang="zh-CN" data-zh-for={paragraph.id}>
      {paragraph.zh}
    </p>
  );
}
