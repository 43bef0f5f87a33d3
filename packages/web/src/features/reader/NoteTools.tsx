import type { ReactNode } from 'react';
import { copyText } from '../../lib/clipboard';
import { toast } from '../../lib/toast';
import { NoteEditor } from './NoteEditor';
import { SelectionToolbar } from './SelectionToolbar';
import type { NoteDrafting } from './useNoteDraft';
import type { TextSelection } from './useTextSelection';

export interface NoteToolsProps {
  /** The selected text (or a paragraph picked by its menu), null when there is none. */
  selection: TextSelection | null;
  clearSelection: () => void;
  notes: NoteDrafting;
  /** What the toolbar acts on, for assistive technology (a selection unless told). */
  label?: string;
  /** More actions after 复制. */
  extra?: ReactNode;
  /** Offer the 公开 switch (article notes). */
  showPublic?: boolean;
}

/** The selection's toolbar (highlight, note, copy) and the note editor it opens. */
export function NoteTools({ selection, clearSelection, notes, label, extra, showPublic }: NoteToolsProps) {
  return (
    <>
      {selection && !notes.draft && (
        <SelectionToolbar
          box={selection.box}
          label={label}
          onColor={(color) => notes.highlight(selection.range, color)}
          onComment={() => notes.comment(selection.range)}
          onCopy={() => {
            void copyText(selection.range.text).then((copied) => copied && toast('已复制'));
            clearSelection();
          }}
          extra={extra}
        />
      )}
      <NoteEditor draft={notes.draft} saving={notes.saving} showPublic={showPublic} onSave={notes.submit} onClose={notes.close} />
    </>
  );
}
