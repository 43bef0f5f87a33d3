import type { OutboxWrite } from './outbox';

/**
 * Offline, whether a looked-up word is in the reader's word book (the sheet then says 已在生词本
 * rather than offering to add it): what the outbox will do to it decides first (an add or a
 * delete still waiting, the newest one), else the word book as last seen online, in the kept
 * answers of the word-book lists (the article's words, the word book's pages, the due cards).
 */

/** The word-book calls whose kept answers list the reader's words (`result.list[].word`). */
export const WORD_LIST_PATHS = ['/reader/myword', '/reader/myword/review/article', '/reader/myword/review/next'];

/** The words a kept answer of a word-book list holds (nothing for anything else). */
export function wordsOfAnswer(body: unknown): string[] {
  const list = (body as { result?: { list?: unknown } } | null)?.result?.list;
  if (!Array.isArray(list)) return [];
  return list.flatMap((item) => {
    const word = (item as { word?: unknown } | null)?.word;
    return typeof word === 'string' ? [word.toLowerCase()] : [];
  });
}

/**
 * `words`: the headword and the forms an article uses: an add is sent as the form tapped
 * ("negotiated"), which the server files under its headword.
 */
export function inWordBook(words: readonly string[], pending: readonly OutboxWrite[], keptWords: ReadonlySet<string>): boolean {
  const forms = new Set(words.map((w) => w.toLowerCase()));
  const last = pending
    .filter((w) => w.state === 'waiting' && /^words\.(add|delete):/.test(w.key) && forms.has(w.key.slice(w.key.indexOf(':') + 1)))
    .sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0))
    .at(-1);
  if (last) return last.key.startsWith('words.add:');
  return [...forms].some((w) => keptWords.has(w));
}
