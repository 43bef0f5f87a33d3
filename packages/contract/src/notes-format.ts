/**
 * The copied/exported notes of one article (spec §9): the original title line, the Chinese
 * title line, then each note's text with its comment quoted beneath. Used by the reader's
 * "copy all" and by the export file, so both read the same.
 */
export function formatArticleNotes(
  article: { title: string; title_zh: string | null },
  notes: { text: string; comment: string }[],
): string {
  const lines = [article.title, ...(article.title_zh ? [article.title_zh] : [])];
  for (const note of notes) {
    lines.push('', note.text.trim());
    if (note.comment.trim())
      lines.push(
        ...note.comment
          .trim()
          .split('\n')
          .map((l) => `> ${l}`),
      );
  }
  return lines.join('\n');
}

/** The fixed Chinese download names (spec §9). */
export const DOWNLOAD_NAMES = { notes: '畅读笔记.txt', words: '畅读生词本.csv', wordsAnki: '畅读生词本-Anki.txt' } as const;
