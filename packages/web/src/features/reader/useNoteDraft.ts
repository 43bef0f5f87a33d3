import { useState } from 'react';
import type { Note } from '@changdu/contract';
import type { TextRange } from './decorate';
import type { NoteColor, NoteDraft } from './NoteEditor';
import { anchorOfNote, anchorOfRange, type Anchor } from './notes';

/** A note to save: what the editor gives back (or a highlight's colour), at its place in the text. */
export type NoteToSave = Omit<NoteDraft, 'text'> & { anchor: Anchor };

/** How a reader's notes are written: an article's or a book's (`onSaved` runs once it is stored). */
export interface NoteWriter {
  save: (note: NoteToSave, onSaved: () => void) => void;
  saving: boolean;
}

/**
 * The note being written or edited, and the ways to start one: a highlight in a colour, a comment
 * on the selection, an existing note opened again. `mayWrite` asks the reader to log in when they
 * are not (false: nothing is written); `onSaved` clears the selection the note was made on.
 */
export function useNoteDraft(writer: NoteWriter, { mayWrite, onSaved }: { mayWrite: () => boolean; onSaved: () => void }) {
  const [draft, setDraft] = useState<(NoteDraft & { anchor: Anchor }) | null>(null);
  const save = (note: NoteToSave) =>
    writer.save(note, () => {
      setDraft(null);
      onSaved();
    });
  return {
    draft,
    saving: writer.saving,
    save,
    highlight: (range: TextRange, color: NoteColor) => {
      if (mayWrite()) save({ color, comment: '', isPublic: false, anchor: anchorOfRange(range) });
    },
    comment: (range: TextRange) => {
      if (!mayWrite()) return;
      const anchor = anchorOfRange(range);
      setDraft({ text: anchor.text, color: 'yellow', comment: '', isPublic: false, anchor });
    },
    edit: (note: Pick<Note, 'text' | 'color' | 'comment' | 'note_uuid' | 'root' | 'data'> & { is_public?: boolean }) =>
      setDraft({
        text: note.text,
        color: note.color,
        comment: note.comment,
        isPublic: note.is_public ?? false,
        noteUuid: note.note_uuid,
        anchor: anchorOfNote(note),
      }),
    submit: (next: NoteDraft) => {
      if (draft) save({ ...next, anchor: draft.anchor });
    },
    close: () => setDraft(null),
  };
}

export type NoteDrafting = ReturnType<typeof useNoteDraft>;
