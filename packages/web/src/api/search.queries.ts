import { useApiInfiniteQuery } from './hooks';

/** Full-text search over published articles, paged; idle until there is a query. */
export function useArticleSearch(q: string) {
  return useApiInfiniteQuery('search.articles', { q }, { enabled: q.trim() !== '' });
}
