import { useCallback, useMemo, useState } from 'react';
import type { ExamLevel } from '@changdu/contract';
import { useChapterLevelWords, useChapterWords } from '../../api/books.queries';
import type { WordClass } from '../../features/reader/decorate';
import { wordClasses, wordInfoMap } from '../../features/reader/word-marks';

/**
 * The word marks of a chapter, exactly as the article reader draws them: words beyond the
 * chosen level coloured, word-book words underlined (due ones marked). Books have no editor's
 * key words. Answers the class function and how many level words were marked (null: loading).
 */
export function useChapterWordMarks(bookId: number, chapter: number, level: ExamLevel | null, loggedIn: boolean) {
  const levelWords = useChapterLevelWords(bookId, chapter, level);
  const bookWords = useChapterWords(bookId, chapter, loggedIn);
  const [now] = useState(() => Date.now());
  const levelList = level ? levelWords.data?.list : undefined;
  const info = useMemo(() => wordInfoMap(bookWords.data?.list ?? [], levelList ?? [], []), [bookWords.data, levelList]);
  const wordClass: WordClass = useCallback((key: string) => wordClasses(info.get(key), now), [info, now]);
  return { wordClass, levelCount: levelList ? levelList.length : null };
}
