import type { ArticleDetail, ExamLevel } from '@changdu/contract';
import { useLevelWords } from '../../api/reader.queries';
import { useArticleWords } from '../../api/words.queries';
import { useWordMarks } from '../../features/reader/useWordMarks';

/**
 * The article's word marks: my word-book words, the words beyond the chosen level and the
 * editor's key words. `levelCount` is how many level words were marked (null: loading).
 */
export function useArticleWordMarks(article: ArticleDetail, level: ExamLevel | null, loggedIn: boolean) {
  const bookWords = useArticleWords(article.id, loggedIn);
  const levelWords = useLevelWords(article.id, level);
  const levelList = level ? levelWords.data?.list : undefined;
  const { info, wordClass } = useWordMarks(bookWords.data?.list, levelList, article.words);
  return { info, wordClass, levelCount: levelList ? levelList.length : null };
}
