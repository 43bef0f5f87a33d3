import { useMemo } from 'react';
import type { ArticleDetail } from '@changdu/contract';
import { summaryParagraph, tappableParagraphs } from '../../features/reader/summary-paragraph';

/**
 * The article's paragraphs by id, and those a tap can look a word up in: the body's and the
 * summary's. The summary is not a body paragraph, so selections and notes never anchor to it.
 */
export function useArticleParagraphs(article: ArticleDetail) {
  const summary = useMemo(() => (article.summary ? summaryParagraph(article.summary) : null), [article.summary]);
  const paragraphs = useMemo(() => new Map(article.paragraphs.map((p) => [p.id, p])), [article.paragraphs]);
  const tappable = useMemo(() => tappableParagraphs(paragraphs, summary), [paragraphs, summary]);
  return { summary, paragraphs, tappable };
}
