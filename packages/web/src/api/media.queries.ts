import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { PdfStyle } from '@changdu/contract';
import { call, unwrap, type ApiError, type Output } from './client';
import { apiKey, useApiMutation, useApiQuery } from './hooks';
import { TASK_POLL_MS } from './tasks.queries';

export type ArticleAudio = Output<'article.audio'>;

/**
 * An article's audio: its sentence timings once made; until then the task making it (the first
 * ask starts it), asked again every second. Each ask names the task the last answer named, so
 * a failed task is told as an error instead of another being started.
 */
export function useArticleAudio(articleId: number, enabled: boolean) {
  const queryClient = useQueryClient();
  const key = apiKey('article.audio', { id: articleId });
  return useQuery<ArticleAudio, ApiError>({
    queryKey: key,
    queryFn: ({ signal }) => {
      const last = queryClient.getQueryData<ArticleAudio>(key);
      const input = last && !last.ready ? { id: articleId, task_id: last.task_id } : { id: articleId };
      return unwrap(call('article.audio', input, { signal }));
    },
    enabled,
    // Made audio does not change (an edited article has new audio under a new version).
    staleTime: Infinity,
    refetchInterval: (query) => (query.state.data?.ready === false && !query.state.error ? TASK_POLL_MS : false),
  });
}

/** Whether the PDF in a style exists; queues it when not. */
export function usePdfPrepare(articleId: number, style: PdfStyle, enabled: boolean) {
  return useApiQuery('article.pdfPrepare', { id: articleId, style }, { enabled, staleTime: 0 });
}

export function useExportArticles() {
  return useApiMutation('article.export');
}

export function useAppSettings() {
  return useApiQuery('appinfo.settings', {});
}

function useSettingsMutation<
  N extends 'appinfo.saveContactQywx' | 'appinfo.saveNotify' | 'appinfo.saveAppVersion' | 'appinfo.saveProductPoster',
>(name: N) {
  const queryClient = useQueryClient();
  return useApiMutation(name, {
    onSuccess: () =>
      Promise.all(
        ['appinfo.settings', 'appinfo.contactQywx', 'appinfo.notify', 'appinfo.appVersion'].map((key) =>
          queryClient.invalidateQueries({ queryKey: [key] }),
        ),
      ),
  });
}

export const useSaveContact = () => useSettingsMutation('appinfo.saveContactQywx');
export const useSaveNotice = () => useSettingsMutation('appinfo.saveNotify');
export const useSaveAppVersion = () => useSettingsMutation('appinfo.saveAppVersion');
export const useSaveProductPoster = () => useSettingsMutation('appinfo.saveProductPoster');

export function useAppVersion() {
  return useApiQuery('appinfo.appVersion', {});
}

export function useContactQywx() {
  return useApiQuery('appinfo.contactQywx', {});
}
