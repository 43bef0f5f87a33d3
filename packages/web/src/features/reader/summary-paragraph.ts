import { summaryText, type Paragraph } from '@changdu/contract';

export const SUMMARY_ID = 'summary';
// Made at the first summary: the first screen's script runs before the text paints, and making a
// segmenter loads ICU's sentence rules.
let segmenter: Intl.Segmenter | null = null;
const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/**
 * The summary as a paragraph of its own, so it is tapped and marked exactly like body text (the
 * reader's, and the first screen's script's before the app has started).
 */
export function summaryParagraph(summary: string): Paragraph {
  const text = summaryText(summary);
  segmenter ??= new Intl.Segmenter('en', { granularity: 'sentence' });
  const sentences = [...segmenter.segment(text)]
    .map((s) => s.segment.trim())
    .filter(Boolean)
    .map((sentence, i) => ({ id: `${SUMMARY_ID}-s${i + 1}`, text: sentence }));
  return { id: SUMMARY_ID, kind: 'p', html: escapeHtml(text), text, sentences, zh: null };
}

/** The paragraphs a tap can look a word up in: the body's and the summary's, by id. */
export function tappableParagraphs(paragraphs: ReadonlyMap<string, Paragraph>, summary: Paragraph | null): ReadonlyMap<string, Paragraph> {
  return summary ? new Map([...paragraphs, [summary.id, summary]]) : paragraphs;
}
