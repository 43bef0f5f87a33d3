import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { EndpointName } from '@changdu/contract';
import { call, unwrap, type ApiError, type Output } from './client';
import { apiKey, useApiInfiniteQuery, useApiMutation, useApiQuery } from './hooks';

/** Everything a change to the word book can alter: lists, counts, sessions, lookups, read data. */
const WORD_BOOK_VIEWS: EndpointName[] = [
  'words.list',
  'words.overview',
  'words.next',
  'words.ofArticle',
  'book.chapterWords',
  'words.detail',
  'dict.word',
  'history.today',
  'history.data',
];

export function refreshWordBook(queryClient: QueryClient) {
  return Promise.all(WORD_BOOK_VIEWS.map((name) => queryClient.invalidateQueries({ queryKey: [name] })));
}

export function useWordOverview() {
  return useApiQuery('words.overview', {});
}

/** The word book, paged; `order` new (default) / old / due / alpha, `q` a prefix search. */
export function useWordList(order: 'new' | 'old' | 'due' | 'alpha', q?: string) {
  return useApiInfiniteQuery('words.list', q ? { order, q } : { order });
}

/** The next cards to review (15 by default); `force` brings cards not yet due when none are. */
export function useReviewBatch(force: boolean, size?: number, enabled = true) {
  return useApiQuery('words.next', size ? { force, size } : { force }, { enabled, staleTime: Infinity });
}

/** The reader's word-book words that occur in an article (with the forms used there). */
export function useArticleWords(articleId: number, enabled = true) {
  return useApiQuery('words.ofArticle', { article_id: articleId, size: 200 }, { enabled });
}

export function useWordDetail(word: string) {
  return useApiQuery('words.detail', { word });
}

/** Adds a word (with its sentence and article) to the word book. */
export function useAddWord() {
  const queryClient = useQueryClient();
  return useApiMutation('words.add', { onSuccess: () => refreshWordBook(queryClient) });
}

export function useDeleteWord() {
  const queryClient = useQueryClient();
  return useApiMutation('words.delete', { onSuccess: () => refreshWordBook(queryClient) });
}

/**
 * Rates a card (1 忘记, 2 模糊, 3 记得, 4 简单) with the time spent in ms. A running review session
 * keeps its own batch, so `words.next` is not refetched under it; everything else is.
 */
export function useReviewCard(options: { keepSession?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useApiMutation('words.review', {
    onSuccess: () =>
      Promise.all(
        WORD_BOOK_VIEWS.filter((name) => !(options.keepSession && name === 'words.next')).map((name) =>
          queryClient.invalidateQueries({ queryKey: [name] }),
        ),
      ),
  });
}

export const wordKeys = { overview: apiKey('words.overview', {}) };

/**
 * One article's words as the batch of a review session (`/flashcard/reviewArticleWords`).
 * Its key does not start with `words.ofArticle`, so the session's own ratings, which refresh
 * that endpoint's views, do not refetch the whole list under it; each visit loads it afresh.
 */
export function useArticleReviewBatch(articleId: number) {
  return useQuery<Output<'words.ofArticle'>, ApiError>({
    queryKey: ['flashcard.articleSession', articleId],
    queryFn: ({ signal }) => unwrap(call('words.ofArticle', { article_id: articleId, size: 200 }, { signal })),
    enabled: Number.isInteger(articleId) && articleId > 0,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}
