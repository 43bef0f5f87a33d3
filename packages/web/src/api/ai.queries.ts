import type { WordEntry } from '@changdu/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useStream } from './ai-stream';
import type { Output } from './client';
import { apiKey, useApiInfiniteQuery, useApiMutation, useApiQuery } from './hooks';

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

/**
 * The provider's choice among a tapped word's listed meanings (issue 26 §7), asked only when the
 * sentence did not settle it, for a logged-in reader on a server with a provider; kept for the page's life.
 */
export function useWordSense(entry: WordEntry | undefined, sentence: string, loggedIn: boolean) {
  const usage = useApiQuery('ai.usage', {}, { enabled: loggedIn && entry?.sense_sure === false, staleTime: 10 * 60_000 });
  const wanted = loggedIn && !!entry && !entry.sense_sure && sentence.length > 0 && usage.data?.configured === true;
  return useApiQuery('ai.wordSense', { word: entry?.word ?? '', sentence }, { enabled: wanted, staleTime: Infinity, retry: false });
}

/**
 * An article's summary as it streams in: a summary this page already received is shown at once
 * (kept in the query cache, so coming back to the article does not ask again); otherwise the
 * streamed call starts once `wanted`, and the server sends a cached or offline one as a single chunk.
 */
export function useSummaryStream(articleId: number, wanted = true) {
  const queryClient = useQueryClient();
  const key = apiKey('ai.summary', { article_id: articleId });
  const known = queryClient.getQueryData<Output<'ai.summary'>>(key);
  const stream = useStream('ai.summary');
  const { start } = stream;
  useEffect(() => {
    if (known || !wanted) return;
    void start({ article_id: articleId, stream: true }).then((result) => {
      if (result) queryClient.setQueryData(apiKey('ai.summary', { article_id: articleId }), result);
    });
  }, [articleId, known, wanted, start, queryClient]);
  return { result: known ?? stream.result, text: stream.text, running: !known && stream.running, error: known ? null : stream.error };
}

export function useTranslate() {
  return useApiMutation('ai.trans');
}

export function useAnalyze() {
  return useApiMutation('ai.analyze');
}

/** Managers: re-translate an article's paragraphs as a task (`ai` and `cache` travel in the address, as the spec writes them). */
export function useRetranslateArticle() {
  return useApiMutation('ai.retranslate');
}
