import { useQueryClient } from '@tanstack/react-query';
import { apiKey, useApiInfiniteQuery, useApiMutation, useApiQuery } from './hooks';

/** Issues: published ones for readers, newest first; every issue for managers. */
export function useMagazines() {
  return useApiInfiniteQuery('magazine.list', {});
}

/** One issue with its sections and articles in order. */
export function useMagazine(id: number) {
  return useApiQuery('magazine.show', { id });
}

/** An issue's articles in order (the reader's "next in this issue"). */
export function useMagazineArticles(id: number, enabled = true) {
  return useApiQuery('magazine.articles', { id }, { enabled, staleTime: 60_000 });
}

/** After any change to issues: lists, the issue, and the article lists it touches. */
export function useMagazineChanged() {
  const queryClient = useQueryClient();
  return () => {
    for (const name of ['magazine.list', 'magazine.show', 'magazine.articles', 'article.manage'] as const) {
      void queryClient.invalidateQueries({ queryKey: apiKey(name) });
    }
  };
}

function useChanging<N extends 'magazine.create' | 'magazine.audit' | 'magazine.publish' | 'magazine.upload'>(name: N) {
  const changed = useMagazineChanged();
  return useApiMutation(name, { onSuccess: changed });
}

export const useCreateMagazine = () => useChanging('magazine.create');
export const useAuditMagazine = () => useChanging('magazine.audit');
export const usePublishMagazine = () => useChanging('magazine.publish');
export const useUploadMagazine = () => useChanging('magazine.upload');

/** Starts a crawl or a download; the answer is a task to follow. */
export const useCrawlMagazine = () => useApiMutation('magazine.crawl');
export const useDownloadMagazine = () => useApiMutation('magazine.downloadArticles');
