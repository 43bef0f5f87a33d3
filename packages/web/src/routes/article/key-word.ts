import type { Paragraph } from '@changdu/contract';
import { sentenceAt } from '../../features/reader/decorate';
import { SENTENCE_MAX } from '../../features/reader/word-at-point';
import type { WordTarget } from '../../features/reader/WordSheet';

/** A key word opened from the list under the article: looked up in the first sentence that uses it. */
export function keyWordTarget(paragraphs: readonly Paragraph[], headword: string): WordTarget {
  const pattern = new RegExp(`\\b${headword.replace(/[^A-Za-z'-]/g, '')}`, 'i');
  const paragraph = paragraphs.find((p) => pattern.test(p.text));
  const at = paragraph ? paragraph.text.search(pattern) : -1;
  return { word: headword, sentence: paragraph && at >= 0 ? sentenceAt(paragraph, at).text.slice(0, SENTENCE_MAX) : '' };
}
