import type { ExamLevel } from '@changdu/contract';
import { useChapterLevelWords, useChapterWords } from '../../api/books.queries';
import { useWordMarks } from '../../features/reader/useWordMarks';

/**
 * The word marks of a chapter, exactly as the article reader draws them: words beyond the
 * chosen level coloured, word-book words underlined (due ones marked). Books have no editor's
 * key words. Answers the class function and how many level words were marked (null: loading).
 */
export function useChapterWordMarks(bookId: number, chapter: number, level: ExamLevel | null, loggedIn: boolean) {
  const levelWords = useChapterLevelWords(bookId, chapter, level);
  const bookWords = useChapterWords(bookId, chapter, loggedIn);
  const levelList = level ? levelWords.data?.list : undefined;
  const { wordClass } = useWordMarks(bookWords.data?.list, levelList);
  return { wordClass, levelCount: levelList ? levelList.length : null };
}
