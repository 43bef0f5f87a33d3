import type { ArticleDetail, ExamLevel } from '@changdu/contract';
import { useFreshWords, useLearnerArticle } from '../../api/learner.queries';
import { useLevelWords } from '../../api/reader.queries';
import { useArticleWords } from '../../api/words.queries';
import { useWordMarks } from '../../features/reader/useWordMarks';
import { unmarked } from './PreReadPanel';

/**
 * The article's word marks: my word-book words, the words beyond the chosen level, the editor's
 * key words and, with `statusMarks` on, the words new to me (underlined). `levelCount` is how many
 * level words were marked (null: loading).
 */
export function useArticleWordMarks(article: ArticleDetail, level: ExamLevel | null, loggedIn: boolean, statusMarks: boolean) {
  const bookWords = useArticleWords(article.id, loggedIn);
  const levelWords = useLevelWords(article.id, level);
  const levelList = level ? levelWords.data?.list : undefined;
  // The panel's figures (one request, shared with PreReadPanel): a reader who has marked nothing
  // would see every word underlined, so the text is marked once they have (the panel asks for the test).
  const figures = useLearnerArticle(article.id, loggedIn);
  const marking = loggedIn && statusMarks && !!figures.data && !unmarked(figures.data);
  const fresh = useFreshWords(article.id, marking);
  const freshForms = marking ? fresh.data?.new_forms : undefined;
  const { info, wordClass } = useWordMarks(bookWords.data?.list, levelList, article.words, freshForms);
  return { info, wordClass, levelCount: levelList ? levelList.length : null };
}
