import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { EndpointName, ExamLevel } from '@changdu/contract';
import { useApiInfiniteQuery, useApiMutation, useApiQuery } from './hooks';

const SHELF_VIEWS: EndpointName[] = ['book.shelf', 'book.shelfEntry', 'book.show', 'book.library', 'book.manage'];

export function refreshBooks(queryClient: QueryClient) {
  return Promise.all(SHELF_VIEWS.map((name) => queryClient.invalidateQueries({ queryKey: [name] })));
}

export function useShelf(enabled = true) {
  return useApiInfiniteQuery('book.shelf', {}, { enabled });
}

export function useLibrary() {
  return useApiInfiniteQuery('book.library', {});
}

export function useManagedBooks(enabled: boolean) {
  return useApiInfiniteQuery('book.manage', { status: 'private' }, { enabled });
}

export function useBook(id: number) {
  return useApiQuery('book.show', { id }, { enabled: Number.isInteger(id) && id > 0 });
}

export function useChapter(id: number, chapter: number) {
  return useApiQuery('book.chapter', { id, chapter }, { enabled: Number.isInteger(chapter) && chapter >= 0, staleTime: 5 * 60_000 });
}

/** The chapter's words beyond a level; null → none asked. Chapters never change. */
export function useChapterLevelWords(id: number, chapter: number, level: ExamLevel | null) {
  return useApiQuery('book.levelWords', { id, chapter, level: level ?? 'C4' }, { enabled: level !== null, staleTime: Infinity });
}

/** My word-book words in the chapter, for the word-book underlines. */
export function useChapterWords(id: number, chapter: number, enabled: boolean) {
  return useApiQuery('book.chapterWords', { id, chapter, size: 200 }, { enabled });
}

/** 我的笔记: the books I noted, each with my notes. */
export function useNotedBooks() {
  return useApiInfiniteQuery('book.notedBooks', {});
}

export function useBookNotes(id: number, enabled: boolean) {
  return useApiQuery('book.notesMine', { id }, { enabled });
}

export function useAddToShelf() {
  const queryClient = useQueryClient();
  return useApiMutation('book.add', { onSuccess: () => refreshBooks(queryClient) });
}

export function useRemoveFromShelf() {
  const queryClient = useQueryClient();
  return useApiMutation('book.remove', { onSuccess: () => refreshBooks(queryClient) });
}

export function usePublishBook() {
  const queryClient = useQueryClient();
  return useApiMutation('book.publish', { onSuccess: () => refreshBooks(queryClient) });
}

/** Saves the reading position; the shelf is refreshed on the next visit, not on every save. */
export function useSavePos() {
  return useApiMutation('book.pos');
}

/** A note changed: the book's notes and 我的笔记 show it. */
const refreshBookNotes = (queryClient: QueryClient, id: number) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: ['book.notesMine', { id }] }),
    queryClient.invalidateQueries({ queryKey: ['book.notedBooks'] }),
  ]);

export function useSaveBookNote(id: number) {
  const queryClient = useQueryClient();
  return useApiMutation('book.noteAdd', { onSuccess: () => refreshBookNotes(queryClient, id) });
}

export function useDeleteBookNote(id: number) {
  const queryClient = useQueryClient();
  return useApiMutation('book.noteDelete', { onSuccess: () => refreshBookNotes(queryClient, id) });
}

export function useImportBook() {
  return useApiMutation('book.uploadByLink');
}
