import { useApiInfiniteQuery, useApiMutation, useApiQuery } from './hooks';

/** My questions, newest first (all articles, or one). */
export function useAskHistory(articleId?: number) {
  return useApiInfiniteQuery('ai.history', articleId ? { article_id: articleId } : { all: true });
}

export function useAsk(id: number) {
  return useApiQuery('ai.askShow', { id });
}

export function useAiUsage(enabled = true) {
  return useApiQuery('ai.usage', {}, { enabled });
}

export function useSummary(articleId: number) {
  return useApiQuery('ai.summary', { article_id: articleId }, { staleTime: 5 * 60_000 });
}

export function useTranslate() {
  return useApiMutation('ai.trans');
}

export function useAnalyze() {
  return useApiMutation('ai.analyze');
}
