import { useState } from 'react';
import { Link } from 'react-router';
import type { NotedBook } from '@changdu/contract';
import { useNotedBooks } from '../../api/books.queries';
import { ReadingList } from '../../components/ReadingList';
import { formatRelative } from '../../lib/format';
import { BookCover } from '../book/BookCover';
import '../../styles/books.css';

const SHOWN = 3;

/** The passage of a note in the book reader: its chapter, opened at its paragraph. */
export const notePassage = (bookId: number, note: { chapter: number; root: string }) =>
  `/book/${bookId}/read?chapter=${note.chapter}&p=${encodeURIComponent(note.root)}`;

function NotedBookCard({ item }: { item: NotedBook }) {
  const [all, setAll] = useState(false);
  const notes = all ? item.notes : item.notes.slice(0, SHOWN);
  return (
    <li className="noted-book">
      <Link to={`/book/${item.book.id}/show`} className="noted-book-head">
        <BookCover book={item.book} size="sm" />
        <div>
          <h3 className="noted-book-title" lang="en">
            {item.book.title}
          </h3>
          <p className="book-row-meta">
            <span className="badge badge-accent">{item.note_count} 条笔记</span> {formatRelative(item.last_noted_at)}
          </p>
        </div>
      </Link>
      <ul className="noted-book-notes">
        {notes.map((n) => (
          <li key={n.note_uuid} className={`book-note note-${n.color}`}>
            <Link to={notePassage(item.book.id, n)} className="book-note-text" lang="en">
              “{n.text}”
            </Link>
            {n.comment && <p className="book-note-comment">{n.comment}</p>}
          </li>
        ))}
      </ul>
      {item.notes.length > SHOWN && (
        <button type="button" className="link-button noted-book-more" onClick={() => setAll(!all)}>
          {all ? '收起' : `展开全部 ${item.notes.length} 条`}
        </button>
      )}
    </li>
  );
}

/** 我的笔记 · 书: the books I noted, last noted first, each with my notes linking back to the passage. */
export function BookNotes() {
  return (
    <ReadingList
      query={useNotedBooks()}
      label="做过笔记的书"
      className="noted-books"
      empty="还没有书中的笔记。读书时选中文字，就能划线或写下想法"
      item={(entry) => <NotedBookCard key={entry.book.id} item={entry} />}
    />
  );
}
