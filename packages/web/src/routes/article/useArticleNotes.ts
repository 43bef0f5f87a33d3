import { useCallback, useMemo } from 'react';
import type { ArticleDetail, Note } from '@changdu/contract';
import { errorMessage } from '../../api/client';
import { useDeleteNote, useMyNotes, useSaveNote } from '../../api/reader.queries';
import { toast } from '../../lib/toast';
import { inReadingOrder, newNoteId } from '../../features/reader/notes';
import type { NoteWriter } from '../../features/reader/useNoteDraft';

/** My notes on an article, in reading order, and how they are written and deleted. */
export function useArticleNotes(article: ArticleDetail, loggedIn: boolean) {
  const id = article.id;
  const mine = useMyNotes(id, loggedIn);
  const saveNote = useSaveNote(id);
  const deleteNote = useDeleteNote(id);
  const list = useMemo(() => inReadingOrder(mine.data?.list ?? [], article.paragraphs), [mine.data, article.paragraphs]);
  const order = useCallback((notes: Note[]) => inReadingOrder(notes, article.paragraphs), [article.paragraphs]);

  const writer: NoteWriter = {
    saving: saveNote.isPending,
    save: (note, onSaved) =>
      saveNote.mutate(
        {
          id,
          note_uuid: note.noteUuid ?? newNoteId(),
          text: note.anchor.text,
          comment: note.comment.trim(),
          root: note.anchor.root,
          color: note.color,
          data: note.anchor.data,
          is_public: note.isPublic,
        },
        { onSuccess: onSaved, onError: (error) => toast(errorMessage(error)) },
      ),
  };
  const remove = (note: Note) =>
    deleteNote.mutate(
      { id, note_uuid: note.note_uuid },
      { onSuccess: () => toast('已删除笔记'), onError: (error) => toast(errorMessage(error)) },
    );
  return { list, order, writer, remove };
}
