import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { unpackArticle, type ArticleManage, type ArticleStatus, type PackedArticle } from '@changdu/contract';
import type { Output } from './client';
import { apiKey, useApiInfiniteQuery, useApiMutation, useApiQuery } from './hooks';

/* ---- Reader side ---- */

export const newCountKey = apiKey('article.newCount', {});

/** "为你推荐", paged. */
export function useForYou() {
  return useApiInfiniteQuery('article.forYou', {});
}

/**
 * "最新", paged. Fetching the first page is what records the reader's visit on the
 * server, so the new-article count is asked again right after it.
 */
export function useLatestArticles() {
  const queryClient = useQueryClient();
  return useApiInfiniteQuery(
    'article.list',
    {},
    { onFirstPage: () => void queryClient.invalidateQueries({ queryKey: newCountKey, refetchType: 'all' }) },
  );
}

/** Articles published since the reader last looked at "最新". */
export function useNewCount() {
  return useApiQuery('article.newCount', {}, { staleTime: 60_000 });
}

/** A topic's articles (`q`) or an author's (`author`). */
export function useTopicArticles(filter: { q?: string; author?: number }) {
  return useApiInfiniteQuery('article.topic', filter, { enabled: filter.q !== undefined || filter.author !== undefined });
}

/** Topic labels with their article counts; they change slowly. */
export function useLabels() {
  return useApiQuery('article.labels', {}, { staleTime: 5 * 60_000 });
}

export function useAuthor(id: number | null) {
  return useApiQuery('author.show', { id: id ?? 0 }, { enabled: id !== null });
}

/**
 * The article the server put into the page's first response (`<script type="application/json"
 * id="cd-article">`, server http/web-app.ts, packed by contract `packArticle`), if it is this one:
 * the reader renders it without waiting for a fetch, and `show` still runs behind it (views, the
 * reader's own marks, members' text).
 */
export function inlineArticle(id: number): Output<'article.show'> | undefined {
  const block = typeof document === 'undefined' ? null : document.getElementById('cd-article');
  if (!block || block.dataset.id !== String(id)) return undefined;
  try {
    return unpackArticle(JSON.parse(block.textContent ?? '') as PackedArticle);
  } catch {
    return undefined;
  }
}

export function useArticle(id: number) {
  return useApiQuery('article.show', { id }, { enabled: Number.isInteger(id) && id > 0, initialData: () => inlineArticle(id) });
}

/* ---- Managers ---- */

export interface ManageFilters {
  status?: ArticleStatus;
  source?: string;
  q?: string;
}

export function useManagedArticles(filters: ManageFilters) {
  return useApiInfiniteQuery('article.manage', filters);
}

export function editKey(id: number) {
  return apiKey('article.edit', { id });
}

export function useArticleForEdit(id: number) {
  return useApiQuery('article.edit', { id }, { enabled: Number.isInteger(id) && id > 0, staleTime: 0 });
}

/** Every list or page a change to an article may show differently. */
export function invalidateArticleViews(queryClient: QueryClient, id?: number): void {
  for (const name of [
    'article.manage',
    'article.list',
    'article.forYou',
    'article.topic',
    'article.labels',
    'article.newCount',
    'search.articles',
    'author.show',
    'rss.items',
  ] as const) {
    void queryClient.invalidateQueries({ queryKey: apiKey(name) });
  }
  if (id !== undefined) void queryClient.invalidateQueries({ queryKey: apiKey('article.show', { id }) });
}

/** After a change answered with the article: the edit page shows it at once, the rest refreshes. */
function useArticleChanged() {
  const queryClient = useQueryClient();
  return (article: ArticleManage) => {
    queryClient.setQueryData(editKey(article.id), article);
    invalidateArticleViews(queryClient, article.id);
  };
}

export function useCreateArticle() {
  const changed = useArticleChanged();
  return useApiMutation('article.create', { onSuccess: changed });
}

export function useUpdateArticle() {
  const changed = useArticleChanged();
  return useApiMutation('article.update', { onSuccess: changed });
}

export function useLockArticle() {
  const changed = useArticleChanged();
  return useApiMutation('article.lock', { onSuccess: changed });
}

export function useAuditArticle() {
  const changed = useArticleChanged();
  return useApiMutation('article.audit', { onSuccess: changed });
}

export function usePublishArticle() {
  const changed = useArticleChanged();
  return useApiMutation('article.publish', { onSuccess: changed });
}

export function useDeleteArticle() {
  const queryClient = useQueryClient();
  return useApiMutation('article.delete', {
    // The edit page is still mounted until it navigates away, so its query is left to
    // expire rather than removed (removing would refetch it into a 404 first).
    onSuccess: (_answer, input) => invalidateArticleViews(queryClient, Number(input.id)),
  });
}

/** Starts re-extraction from the source URL; the answer is a task to follow. */
export function useRedownloadArticle() {
  return useApiMutation('article.redownload');
}
