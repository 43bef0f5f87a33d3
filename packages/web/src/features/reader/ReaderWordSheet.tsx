import type { Note } from '@changdu/contract';
import type { NoteDrafting } from './useNoteDraft';
import type { WordLookup } from './useWordLookup';
import type { WordInfo } from './word-marks';
import { WordSheet } from './WordSheet';

export interface ReaderWordSheetProps {
  lookup: WordLookup;
  /** The article read (its word-book context); null in a book. */
  articleId: number | null;
  info: WordInfo | undefined;
  /** My notes on the text: a highlight under the tapped word opens its note from the sheet. */
  notes: readonly Note[];
  drafting: NoteDrafting;
  settled?: boolean;
}

/** The open word's sheet; its 查看笔记 closes it and opens the note drawn over the word. */
export function ReaderWordSheet({ lookup, articleId, info, notes, drafting, settled }: ReaderWordSheetProps) {
  return (
    <WordSheet
      target={lookup.word}
      settled={settled}
      articleId={articleId}
      info={info}
      onClose={lookup.close}
      onEditNote={(noteId) => {
        const note = notes.find((n) => n.note_uuid === noteId);
        lookup.close();
        if (note) drafting.edit(note);
      }}
    />
  );
}
