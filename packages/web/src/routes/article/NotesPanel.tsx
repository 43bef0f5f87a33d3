import { useState } from 'react';
import type { Note } from '@changdu/contract';
import { useAllNotes } from '../../api/reader.queries';
import { Modal } from '../../components/Modal';
import { Spinner } from '../../components/Spinner';
import { formatRelative } from '../../lib/format';
import { Switch } from '../../features/reader/NoteEditor';

type Tab = 'mine' | 'public';

export interface NotesPanelProps {
  open: boolean;
  onClose: () => void;
  articleId: number;
  loggedIn: boolean;
  /** My notes in reading order. */
  mine: Note[];
  order: (notes: Note[]) => Note[];
  onJump: (note: Note) => void;
  onEdit: (note: Note) => void;
  onDelete: (note: Note) => void;
  onSetPublic: (note: Note, isPublic: boolean) => void;
  onLogin: () => void;
}

/** 笔记: my highlights and notes (edit, delete, make public), and 大家的笔记 — others' public notes. */
export function NotesPanel(props: NotesPanelProps) {
  const [tab, setTab] = useState<Tab>('mine');
  const all = useAllNotes(props.articleId, props.open);
  const others = props.order((all.data?.list ?? []).filter((n) => !n.mine));
  const publicCount = all.data?.counts.public;
  return (
    <Modal open={props.open} onClose={props.onClose} title="笔记" className="notes-panel">
      <div className="tabs notes-tabs" role="tablist" aria-label="笔记">
        <button type="button" role="tab" aria-selected={tab === 'mine'} className="tab" onClick={() => setTab('mine')}>
          我的笔记 <span className="tab-count">{props.mine.length}</span>
        </button>
        <button type="button" role="tab" aria-selected={tab === 'public'} className="tab" onClick={() => setTab('public')}>
          大家的笔记 {publicCount !== undefined && <span className="tab-count">{publicCount}</span>}
        </button>
      </div>
      <div role="tabpanel" aria-label={tab === 'mine' ? '我的笔记' : '大家的笔记'}>
        {tab === 'mine' ? (
          <MyNotes {...props} />
        ) : all.isPending ? (
          <Spinner label="笔记加载中" />
        ) : all.error ? (
          <p className="empty">{all.error.msg}</p>
        ) : others.length === 0 ? (
          <p className="empty">还没有读者公开笔记。把你的笔记设为公开，和大家分享吧</p>
        ) : (
          <ul className="note-list">
            {others.map((note) => (
              <li key={note.note_uuid} className="note-item">
                <p className="note-author">
                  <span className="note-user">{note.user?.username ?? '读者'}</span>
                  <time dateTime={note.updated_at}>{formatRelative(note.updated_at)}</time>
                </p>
                <button type="button" className="note-jump" onClick={() => props.onJump(note)}>
                  <blockquote className="note-quote" data-color={note.color} lang="en">
                    {note.text}
                  </blockquote>
                </button>
                {note.comment && <p className="note-comment">{note.comment}</p>}
              </li>
            ))}
          </ul>
        )}
      </div>
    </Modal>
  );
}

function MyNotes({ loggedIn, mine, onJump, onEdit, onDelete, onSetPublic, onLogin }: NotesPanelProps) {
  const [confirming, setConfirming] = useState<string | null>(null);
  if (!loggedIn) {
    return (
      <div className="empty">
        <p>登录后可以划线、写笔记，笔记会同步到你的账号</p>
        <button type="button" className="button button-primary button-small notes-login" onClick={onLogin}>
          登录
        </button>
      </div>
    );
  }
  if (mine.length === 0) return <p className="empty">还没有笔记。选中文字，就能划线或写下想法</p>;
  return (
    <ul className="note-list">
      {mine.map((note) => (
        <li key={note.note_uuid} className="note-item">
          <button type="button" className="note-jump" onClick={() => onJump(note)} aria-label={`跳到原文：${note.text}`}>
            <blockquote className="note-quote" data-color={note.color} lang="en">
              {note.text}
            </blockquote>
          </button>
          {note.comment && <p className="note-comment">{note.comment}</p>}
          <div className="note-tools">
            <time className="note-time" dateTime={note.updated_at}>
              {formatRelative(note.updated_at)}
            </time>
            <Switch checked={note.is_public} onChange={(on) => onSetPublic(note, on)} label="公开" />
            <button type="button" className="button button-ghost button-small" onClick={() => onEdit(note)}>
              编辑
            </button>
            {confirming === note.note_uuid ? (
              <button type="button" className="button button-danger button-small" onClick={() => onDelete(note)}>
                确认删除
              </button>
            ) : (
              <button type="button" className="button button-ghost button-small" onClick={() => setConfirming(note.note_uuid)}>
                删除
              </button>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
