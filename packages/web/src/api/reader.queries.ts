import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ArticleDetail, EndpointName, ExamLevel, Note } from '@changdu/contract';
import { apiKey, useApiInfiniteQuery, useApiMutation, useApiQuery } from './hooks';

/* ---- Dictionary ---- */

/**
 * A lookup's input: `at` (which occurrence of the word in the sentence was tapped) only when it is
 * not the first, so a first occurrence's URL, and the answers kept for it, stay as they were.
 */
export const wordInput = (word: string, sentence: string | undefined, at = 0) => ({
  word,
  ...(sentence ? { sentence } : {}),
  ...(sentence && at > 0 ? { at } : {}),
});

/** The query key of a tapped word's entry (`useWordEntry`), e.g. to start it from an answer the page already has. */
export const wordEntryKey = (word: string, sentence: string | undefined, at?: number) => apiKey('dict.word', wordInput(word, sentence, at));

/** The dictionary entry of a tapped word, read in its sentence at the tapped occurrence. Entries do not change while reading. */
export function useWordEntry(word: string, sentence: string | undefined, at?: number) {
  return useApiQuery('dict.word', wordInput(word, sentence, at), { enabled: word !== '', staleTime: 10 * 60_000 });
}

/* ---- Level words, marks ---- */

/** The article's words beyond a level; null → none asked. */
export function useLevelWords(articleId: number, level: ExamLevel | null) {
  return useApiQuery('article.levelWords', { id: articleId, level: level ?? 'C4' }, { enabled: level !== null, staleTime: Infinity });
}

/** Star or finish an article; the reading page shows the answer at once. */
export function useMarkArticle(articleId: number) {
  const queryClient = useQueryClient();
  return useApiMutation('article.mark', {
    onSuccess: (me) => {
      queryClient.setQueryData<ArticleDetail>(apiKey('article.show', { id: articleId }), (old) => (old ? { ...old, me } : old));
      void queryClient.invalidateQueries({ queryKey: apiKey('article.starred') });
      void queryClient.invalidateQueries({ queryKey: apiKey('history.list') });
    },
  });
}

export function useStarredArticles() {
  return useApiInfiniteQuery('article.starred', {});
}

/* ---- Notes ---- */

const NOTE_VIEWS: EndpointName[] = ['note.all', 'note.articles', 'note.ofArticle'];

function refreshNotes(queryClient: QueryClient) {
  return Promise.all(NOTE_VIEWS.map((name) => queryClient.invalidateQueries({ queryKey: [name] })));
}

export function myNotesKey(articleId: number) {
  return apiKey('note.mine', { id: articleId });
}

/** My notes on an article (drawn inline); only for a logged-in reader. */
export function useMyNotes(articleId: number, enabled: boolean) {
  return useApiQuery('note.mine', { id: articleId }, { enabled });
}

/** My notes plus other readers' public ones, with counts. */
export function useAllNotes(articleId: number, enabled = true) {
  return useApiQuery('note.all', { id: articleId }, { enabled });
}

/** Creates or updates a note (by `note_uuid`); my notes on the page change at once. */
export function useSaveNote(articleId: number) {
  const queryClient = useQueryClient();
  return useApiMutation('note.add', {
    onSuccess: (note) => {
      queryClient.setQueryData<{ list: Note[] }>(myNotesKey(articleId), (old) => {
        const list = old?.list ?? [];
        const at = list.findIndex((n) => n.note_uuid === note.note_uuid);
        return { list: at === -1 ? [...list, note] : list.map((n, i) => (i === at ? note : n)) };
      });
      void refreshNotes(queryClient);
    },
  });
}

export function useDeleteNote(articleId: number) {
  const queryClient = useQueryClient();
  return useApiMutation('note.delete', {
    onSuccess: (_answer, input) => {
      queryClient.setQueryData<{ list: Note[] }>(myNotesKey(articleId), (old) =>
        old ? { list: old.list.filter((n) => n.note_uuid !== input.note_uuid) } : old,
      );
      void refreshNotes(queryClient);
    },
  });
}

/** Articles I noted, newest note first. */
export function useNotedArticles() {
  return useApiInfiniteQuery('note.articles', {});
}

export function useNotesOfArticle(articleId: number) {
  return useApiQuery('note.ofArticle', { id: articleId }, { enabled: Number.isInteger(articleId) && articleId > 0 });
}

/* ---- History and read data ---- */

export function useReadingHistory() {
  return useApiInfiniteQuery('history.list', {});
}

export function useReadToday() {
  return useApiQuery('history.today', {});
}

/** Daily read data between two China-time dates (`YYYY-MM-DD`). */
export function useReadData(from?: string, to?: string) {
  return useApiQuery('history.data', { ...(from ? { from } : {}), ...(to ? { to } : {}) });
}

/** After reading time was credited: the read-data screens and history show it. */
export function refreshReadData(queryClient: QueryClient) {
  for (const name of ['history.today', 'history.data', 'history.list'] as const) {
    void queryClient.invalidateQueries({ queryKey: apiKey(name) });
  }
}
