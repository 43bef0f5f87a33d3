import { useMemo } from 'react';
import type { BookNote, Paragraph } from '@changdu/contract';
import { errorMessage } from '../../api/client';
import { useBookNotes, useDeleteBookNote, useSaveBookNote } from '../../api/books.queries';
import { toast } from '../../lib/toast';
import { inReadingOrder, newNoteId } from '../../features/reader/notes';
import type { NoteWriter } from '../../features/reader/useNoteDraft';

/** Book notes look like article notes to the shared highlight helpers. */
const asNotes = (list: BookNote[]) => list.map((n) => ({ ...n, article_id: 0, is_public: false, mine: true, user: null }));

/** My notes in one chapter of a book, in reading order, and how they are written (always private) and deleted. */
export function useChapterNotes(bookId: number, chapter: number, paragraphs: readonly Paragraph[], loggedIn: boolean) {
  const query = useBookNotes(bookId, loggedIn);
  const saveNote = useSaveBookNote(bookId);
  const deleteNote = useDeleteBookNote(bookId);
  const inChapter = useMemo(() => (query.data?.list ?? []).filter((n) => n.chapter === chapter), [query.data, chapter]);
  const list = useMemo(() => inReadingOrder(asNotes(inChapter), paragraphs), [inChapter, paragraphs]);

  const writer: NoteWriter = {
    saving: saveNote.isPending,
    save: (note, onSaved) =>
      saveNote.mutate(
        {
          id: bookId,
          note_uuid: note.noteUuid ?? newNoteId(),
          chapter,
          text: note.anchor.text,
          comment: note.comment.trim(),
          root: note.anchor.root,
          color: note.color,
          data: note.anchor.data,
        },
        { onSuccess: onSaved, onError: (error) => toast(errorMessage(error)) },
      ),
  };
  const remove = (note: BookNote) =>
    deleteNote.mutate(
      { id: bookId, note_uuid: note.note_uuid },
      { onSuccess: () => toast('已删除笔记'), onError: (e) => toast(errorMessage(e)) },
    );
  return { list, writer, remove };
}
