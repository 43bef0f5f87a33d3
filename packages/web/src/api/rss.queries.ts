import { useQueryClient } from '@tanstack/react-query';
import { apiKey, useApiInfiniteQuery, useApiMutation, useApiQuery } from './hooks';

export function useFeeds() {
  return useApiQuery('rss.feeds', {});
}

export function useAddFeed() {
  const queryClient = useQueryClient();
  return useApiMutation('rss.addFeed', {
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: apiKey('rss.feeds') }),
  });
}

/** Starts a crawl; the answer is a task to follow (its end refreshes the feed, see `useFeedChanged`). */
export function useCrawlFeed() {
  return useApiMutation('rss.crawl');
}

/** Starts downloading an item into a draft article; the answer is a task to follow. */
export function useDownloadItem() {
  return useApiMutation('rss.download');
}

/** A feed's items, newest first, paged with "加载更多". */
export function useFeedItems(feedId: number) {
  return useApiInfiniteQuery('rss.items', { id: feedId });
}

/** After a crawl or a download has finished: the counts, items and article lists it changed. */
export function useFeedChanged() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: apiKey('rss.feeds') });
    void queryClient.invalidateQueries({ queryKey: apiKey('rss.items') });
    void queryClient.invalidateQueries({ queryKey: apiKey('article.manage') });
  };
}
