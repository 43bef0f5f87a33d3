import type { ArticleDetail } from '@changdu/contract';
import type { Output } from '../../api/client';

export type BookWord = Output<'words.ofArticle'>['list'][number];
export type LevelWord = Output<'article.levelWords'>['list'][number];
export type KeyWord = ArticleDetail['words'][number];

/** What the page knows about a word of the text, beyond the dictionary. */
export interface WordInfo {
  book?: BookWord;
  level?: LevelWord;
  key?: KeyWord;
  /** A form of a headword the reader has not met: not known, not ignored, not in the word book (learner.articleMarks). */
  fresh?: true;
}

export function isDue(word: Pick<BookWord, 'due'>, now: number = Date.now()): boolean {
  return new Date(word.due).getTime() <= now;
}

/** The forms a key word is likely to take in the text (editors give the headword). */
export function keyForms(word: string): string[] {
  const w = word.toLowerCase().trim();
  const stem = w.endsWith('e') ? w.slice(0, -1) : w;
  const y = w.endsWith('y') ? w.slice(0, -1) : null;
  return [...new Set([w, `${w}s`, `${w}es`, `${w}d`, `${w}ed`, `${stem}ing`, `${stem}ed`, ...(y ? [`${y}ies`, `${y}ied`] : [])])];
}

/** Everything known per word key (lower-case form), from the word book, the level list, the key words and the reader's new words. */
export function wordInfoMap(
  book: readonly BookWord[],
  level: readonly LevelWord[],
  keys: readonly KeyWord[],
  freshForms: readonly string[] = [],
): Map<string, WordInfo> {
  const map = new Map<string, WordInfo>();
  const put = (form: string, patch: WordInfo) => {
    const key = form.toLowerCase();
    map.set(key, { ...map.get(key), ...patch });
  };
  for (const item of keys) for (const form of keyForms(item.word)) put(form, { key: item });
  for (const item of level) for (const form of [item.word, ...item.forms]) put(form, { level: item });
  for (const form of freshForms) put(form, { fresh: true });
  for (const item of book) for (const form of [item.word, ...item.forms]) put(form, { book: item });
  return map;
}

/**
 * The classes a word span gets: word-book state (and due), level word, key word, and `w-fresh`
 * for a word new to the reader (a word-book word shows its card's state instead; `w-new` is
 * the card state "new", not this).
 */
export function wordClasses(info: WordInfo | undefined, now: number): string | undefined {
  if (!info) return undefined;
  const classes: string[] = [];
  if (info.book) classes.push('w-book', `w-${info.book.state}`, ...(isDue(info.book, now) ? ['w-due'] : []));
  if (info.level) classes.push('w-level');
  if (info.key) classes.push('w-key');
  if (info.fresh && !info.book) classes.push('w-fresh');
  return classes.length ? classes.join(' ') : undefined;
}
