import { useState } from 'react';
import { noteColors, type Note } from '@changdu/contract';
import { Modal } from '../../components/Modal';

export type NoteColor = Note['color'];

export const colorLabels: Record<NoteColor, string> = {
  yellow: '黄色',
  green: '绿色',
  blue: '蓝色',
  pink: '粉色',
  purple: '紫色',
};

export interface NoteDraft {
  /** The highlighted text. */
  text: string;
  color: NoteColor;
  comment: string;
  isPublic: boolean;
  /** Editing an existing note (else a new one). */
  noteUuid?: string;
}

/** The colour dots of a highlight, as a radio group. */
export function ColorPicker({
  value,
  onChange,
  label = '高亮颜色',
}: {
  value?: NoteColor;
  onChange: (c: NoteColor) => void;
  label?: string;
}) {
  return (
    <div className="color-picker" role="radiogroup" aria-label={label}>
      {noteColors.map((color) => (
        <button
          key={color}
          type="button"
          role="radio"
          aria-checked={value === color}
          aria-label={colorLabels[color]}
          className="color-dot"
          data-color={color}
          onClick={() => onChange(color)}
        />
      ))}
    </div>
  );
}

/** An on/off switch with its label (the shared `.switch` control). */
export function Switch({
  checked,
  onChange,
  label,
  hint,
}: {
  checked: boolean;
  onChange: (on: boolean) => void;
  label: string;
  hint?: string;
}) {
  return (
    <div className="switch-field">
      <span className="switch-field-label">
        {label}
        {hint && <span className="switch-field-hint">{hint}</span>}
      </span>
      <button type="button" role="switch" aria-checked={checked} aria-label={label} className="switch" onClick={() => onChange(!checked)}>
        <span className="switch-thumb" />
      </button>
    </div>
  );
}

export interface NoteEditorProps {
  draft: NoteDraft | null;
  saving: boolean;
  onSave: (draft: NoteDraft) => void;
  onClose: () => void;
  /** Offer the 公开 switch (article notes); book notes are always private. */
  showPublic?: boolean;
}

/** Writing or editing the comment of a highlight, its colour and whether others may see it. */
export function NoteEditor({ draft, saving, onSave, onClose, showPublic = true }: NoteEditorProps) {
  return (
    <Modal open={draft !== null} onClose={onClose} title={draft?.noteUuid ? '编辑笔记' : '写笔记'}>
      {draft && (
        <EditorForm key={draft.noteUuid ?? 'new'} draft={draft} saving={saving} onSave={onSave} onClose={onClose} showPublic={showPublic} />
      )}
    </Modal>
  );
}

function EditorForm({ draft, saving, onSave, onClose, showPublic }: NoteEditorProps & { draft: NoteDraft }) {
  const [comment, setComment] = useState(draft.comment);
  const [color, setColor] = useState(draft.color);
  const [isPublic, setPublic] = useState(draft.isPublic);
  return (
    <form
      className="form note-editor"
      onSubmit={(event) => {
        event.preventDefault();
        onSave({ ...draft, comment: comment.trim(), color, isPublic });
      }}
    >
      <blockquote className="note-quote" data-color={color} lang="en">
        {draft.text}
      </blockquote>
      <label className="field">
        <span className="visually-hidden">笔记内容</span>
        <textarea
          className="input textarea"
          value={comment}
          maxLength={2000}
          placeholder="写下你的想法…"
          onChange={(event) => setComment(event.target.value)}
          // The sheet opens for writing; the keyboard should come up with it.
          autoFocus
        />
      </label>
      <ColorPicker value={color} onChange={setColor} />
      {showPublic && <Switch checked={isPublic} onChange={setPublic} label="公开" hint="其他读者能在“大家的笔记”里看到" />}
      <div className="modal-actions">
        <button type="button" className="button button-ghost" onClick={onClose}>
          取消
        </button>
        <button type="submit" className="button button-primary" disabled={saving}>
          {saving ? '保存中…' : '保存'}
        </button>
      </div>
    </form>
  );
}
