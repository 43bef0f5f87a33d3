import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { keptArticles, removeKept, type KeptArticle } from './kept-list';
import { refreshKeptArticles } from './useKeptArticle';

/** The kept articles (null while they are read), and a remove that reads them again. */
export function useKeptList(): { list: KeptArticle[] | null; remove: (id: number) => Promise<void> } {
  const [list, setList] = useState<KeptArticle[] | null>(null);
  const load = useCallback(() => keptArticles().then(setList, () => setList([])), []);
  useEffect(() => {
    void load();
  }, [load]);
  const remove = useCallback(
    async (id: number) => {
      await removeKept(id);
      refreshKeptArticles();
      await load();
    },
    [load],
  );
  return { list, remove };
}

function subscribeNetwork(listener: () => void) {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** Whether the browser says it has no network. */
export function useOffline(): boolean {
  return useSyncExternalStore(
    subscribeNetwork,
    () => navigator.onLine === false,
    () => false,
  );
}
