import { useCallback, useMemo, useState } from 'react';
import type { WordClass } from './decorate';
import { wordClasses, wordInfoMap, type BookWord, type KeyWord, type LevelWord } from './word-marks';

const NONE: readonly never[] = [];

/**
 * What the page knows of each word of a text (word book, level list, key words, new words) and the classes
 * its spans get: the article's and a chapter's marks alike. A due date is judged against the
 * time the text was opened, so the marks do not change while it is read.
 */
export function useWordMarks(
  book: readonly BookWord[] | undefined,
  level: readonly LevelWord[] | undefined,
  keys: readonly KeyWord[] = NONE,
  /** Forms of the words new to the reader (underlined), when the reader's status marks are on. */
  fresh: readonly string[] = NONE,
) {
  const [now] = useState(() => Date.now());
  const info = useMemo(() => wordInfoMap(book ?? NONE, level ?? NONE, keys, fresh), [book, level, keys, fresh]);
  const wordClass: WordClass = useCallback((key: string) => wordClasses(info.get(key), now), [info, now]);
  return { info, wordClass };
}
