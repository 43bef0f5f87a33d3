import { useQueryClient } from '@tanstack/react-query';
import type { PdfStyle } from '@changdu/contract';
import { useApiMutation, useApiQuery } from './hooks';

/** The sentence timings of an article's audio (made on first request; may take a few seconds). */
export function useArticleAudio(articleId: number, enabled: boolean) {
  return useApiQuery('article.audio', { id: articleId }, { enabled, staleTime: Infinity });
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
