import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useApiMutation, useApiQuery } from './hooks';

/** Answers a mark can change: the reader's figures and every list of article cards (their known_pct). */
const UNCHANGED = new Set(['article.show', 'article.showWaikan', 'dict.word', 'learner.placement']);

/** Refreshes what shows the reader's known words: profile, pre-read panels, card lists (not the open article's text). */
export function refreshLearner(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    predicate: (query) => {
      const name = String(query.queryKey[0]);
      return !UNCHANGED.has(name) && !name.startsWith('ai.') && !name.startsWith('words.');
    },
  });
}

export function useLearnerProfile(enabled = true) {
  return useApiQuery('learner.profile', {}, { enabled });
}

/** The pre-read panel's figures: known share and the new words worth learning. */
export function useLearnerArticle(id: number, enabled = true) {
  return useApiQuery('learner.article', { id }, { enabled });
}

/** The forms of the article's words new to the reader, underlined in the text; a mark (我认识, 其余都认识) refetches them. */
export function useFreshWords(id: number, enabled = true) {
  return useApiQuery('learner.articleMarks', { id }, { enabled });
}

/** One test's items; kept while the test runs (a refetch would not change them, but would flash). */
export function usePlacementItems() {
  return useApiQuery('learner.placement', {}, { staleTime: Infinity });
}

export function useMarkWords() {
  const queryClient = useQueryClient();
  return useApiMutation('learner.words', { onSuccess: () => refreshLearner(queryClient) });
}

export function useArticleKnown() {
  const queryClient = useQueryClient();
  return useApiMutation('learner.articleKnown', { onSuccess: () => refreshLearner(queryClient) });
}

export function usePlacementAnswer() {
  const queryClient = useQueryClient();
  return useApiMutation('learner.placementAnswer', {
    onSuccess: () => Promise.all([refreshLearner(queryClient), queryClient.invalidateQueries({ queryKey: ['learner.placement'] })]),
  });
}
