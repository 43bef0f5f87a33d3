import type { BookNote } from '@changdu/contract';
import { Modal } from '../../components/Modal';
import { attrValue, revealInText } from '../../features/reader/notes';

/** 本章笔记: my highlights and notes in this chapter, in reading order; a tap shows the passage. */
export function ChapterNotes({
  open,
  notes,
  loggedIn,
  onClose,
  onEdit,
  onDelete,
}: {
  open: boolean;
  notes: BookNote[];
  loggedIn: boolean;
  onClose: () => void;
  onEdit: (note: BookNote) => void;
  onDelete: (note: BookNote) => void;
}) {
  return (
    <Modal open={open} onClose={onClose} title="本章笔记">
      {notes.length === 0 ? (
        <p className="empty">{loggedIn ? '选中文字即可划线、写笔记。' : '登录后可以划线、写笔记。'}</p>
      ) : (
        <ul className="book-notes">
          {notes.map((n) => (
            <li key={n.note_uuid} className={`book-note note-${n.color}`}>
              <button
                type="button"
                className="link-button book-note-text"
                onClick={() => {
                  onClose();
                  if (!revealInText(`mark[data-note="${attrValue(n.note_uuid)}"]`)) revealInText(`[data-pid="${attrValue(n.root)}"]`);
                }}
              >
                “{n.text}”
              </button>
              {n.comment && <p className="book-note-comment">{n.comment}</p>}
              <div className="book-note-actions">
                <button type="button" className="button button-ghost button-small" onClick={() => (onClose(), onEdit(n))}>
                  编辑
                </button>
                <button type="button" className="button button-ghost button-small" onClick={() => onDelete(n)}>
                  删除
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
