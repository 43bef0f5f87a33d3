import type { CSSProperties, MouseEvent, RefObject } from 'react';
import type { ArticleDetail, ExamLevel, Paragraph } from '@changdu/contract';
import { SummaryText, type Decorations } from '../../features/reader/ArticleBody';
import type { WordClass } from '../../features/reader/decorate';
import { LevelBanner } from '../../features/reader/LevelBanner';
import { ReaderText } from '../../features/reader/ReaderText';
import type { WordLookup } from '../../features/reader/useWordLookup';
import { FinishCard, KeyWords, NextInCollection, NextInIssue } from './ArticleEnd';
import { ArticleHead, MemberNotice } from './ArticleHead';
import { AiSummaryCard } from './ai/AiSummaryCard';
import { KnowTheRest, PreReadPanel } from './PreReadPanel';
import type { ArticleMarks } from './useArticleMarks';

export interface ArticleTextProps {
  article: ArticleDetail;
  loggedIn: boolean;
  bilingual: boolean;
  fontScale: number;
  level: ExamLevel | null;
  levelCount: number | null;
  summary: Paragraph | null;
  wordClass: WordClass;
  decorations: Decorations;
  bodyRef: RefObject<HTMLDivElement | null>;
  /** The empty block after the text: reaching it finishes the article. */
  endRef: RefObject<HTMLDivElement | null>;
  cursor: WordLookup['cursor'];
  /** A tap on the summary or the text (a word, a paragraph's menu handle). */
  onTap: (event: MouseEvent<HTMLDivElement>) => void;
  onKeyWord: (headword: string) => void;
  /** Draw the text a screen at a time (off when the page opens at a paragraph). */
  progressive: boolean;
  marks: ArticleMarks;
}

/** The article as read: its head, the pre-read and summary cards, the text, and what follows it. */
export function ArticleText({
  article,
  loggedIn,
  bilingual,
  fontScale,
  level,
  levelCount,
  summary,
  wordClass,
  decorations,
  bodyRef,
  endRef,
  cursor,
  onTap,
  onKeyWord,
  progressive,
  marks,
}: ArticleTextProps) {
  return (
    <article className="reader" style={{ '--reader-scale': fontScale } as CSSProperties}>
      <ArticleHead
        article={article}
        bilingual={bilingual}
        summary={summary ? { text: <SummaryText paragraph={summary} wordClass={wordClass} />, onClick: onTap } : undefined}
      />
      {loggedIn && <PreReadPanel articleId={article.id} />}
      <AiSummaryCard articleId={article.id} />
      <LevelBanner level={level} count={levelCount} />
      <ReaderText
        bodyRef={bodyRef}
        paragraphs={article.paragraphs}
        bilingual={bilingual}
        decorations={decorations}
        cursor={cursor}
        preview={article.preview}
        onClick={onTap}
        paragraphMenu
        progressive={progressive}
      />
      {article.preview && <MemberNotice shown={article.paragraphs.length} total={article.paragraph_total} />}
      <div ref={endRef} className="reader-end" aria-hidden="true" />
      <KeyWords words={article.words} onOpen={onKeyWord} />
      {!article.preview && loggedIn && (
        <FinishCard finished={marks.finished} pending={marks.pending} onFinish={() => marks.toggle('finish', true)} />
      )}
      {loggedIn && <KnowTheRest articleId={article.id} />}
      <NextInCollection articleId={article.id} />
      <NextInIssue articleId={article.id} />
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
