import { useMemo, useRef, type CSSProperties } from 'react';
import { Link, useLocation } from 'react-router';
import type { ExamLevel, Paragraph } from '@changdu/contract';
import { toast } from '../../lib/toast';
import { LevelBanner } from '../../features/reader/LevelBanner';
import { NoteTools } from '../../features/reader/NoteTools';
import { ReaderText } from '../../features/reader/ReaderText';
import { ReaderWordSheet } from '../../features/reader/ReaderWordSheet';
import { useDecorations } from '../../features/reader/useDecorations';
import { useNoteDraft } from '../../features/reader/useNoteDraft';
import { useRevealParagraph } from '../../features/reader/useRevealParagraph';
import { useTextSelection } from '../../features/reader/useTextSelection';
import { useWordLookup } from '../../features/reader/useWordLookup';
import { ChapterNav } from './ChapterNav';
import { ChapterNotes } from './ChapterNotes';
import { useBookTaps } from './useBookTaps';
import { useChapterNotes } from './useChapterNotes';
import { useChapterWordMarks } from './useChapterWordMarks';
import { useOpenAtPlace, useSavePlace } from './useSavePlace';

export interface ChapterReaderProps {
  bookId: number;
  chapter: number;
  chapterCount: number;
  title: string;
  paragraphs: Paragraph[];
  /** The saved paragraph to open at, when this is the saved chapter. */
  restore: string | null;
  /** A paragraph asked for by the address (`?p=`): shown and flashed. */
  target: string | null;
  /** The exam level whose harder words are coloured, or null. */
  level: ExamLevel | null;
  fontScale: number;
  loggedIn: boolean;
  notesOpen: boolean;
  onNotes: (open: boolean) => void;
  onGo: (chapter: number) => void;
  onToggleBars: () => void;
}

/** One chapter with the reader's tools: taps by zone, word sheet, highlights and notes, word marks; its place saved. */
export function ChapterReader(props: ChapterReaderProps) {
  const { bookId, chapter, paragraphs: list, level, loggedIn, onNotes } = props;
  const { key: visit } = useLocation();
  const bodyRef = useRef<HTMLDivElement>(null);
  const paragraphs = useMemo(() => new Map(list.map((p) => [p.id, p])), [list]);
  const [selection, clearSelection] = useTextSelection(bodyRef, paragraphs);
  const lookup = useWordLookup(bodyRef, paragraphs);
  useBookTaps({ paragraphs, onWord: lookup.open, onChrome: props.onToggleBars });
  const notes = useChapterNotes(bookId, chapter, list, loggedIn);
  const mayWrite = () => {
    if (!loggedIn) toast('登录后可以划线、写笔记');
    return loggedIn;
  };
  const drafting = useNoteDraft(notes.writer, { mayWrite, onSaved: clearSelection });
  const { wordClass, levelCount } = useChapterWordMarks(bookId, chapter, level, loggedIn);
  const decorations = useDecorations(notes.list, wordClass);
  useOpenAtPlace(props.restore);
  // A section or a note asked for by the address: again on every visit to it.
  useRevealParagraph(props.target, visit);
  useSavePlace(bodyRef, bookId, chapter, loggedIn);
  // Most chapters open with their own heading; the title is drawn only when they do not.
  const titled = list[0] && (list[0].kind === 'h2' || list[0].kind === 'h3');

  return (
    <>
      <article className="reader" style={{ '--reader-scale': props.fontScale } as CSSProperties}>
        {!titled && <h1 className="book-chapter-title">{props.title}</h1>}
        <LevelBanner level={level} count={levelCount} />
        <ReaderText bodyRef={bodyRef} paragraphs={list} bilingual={false} decorations={decorations} cursor={lookup.cursor} />
        <ChapterNav chapter={chapter} chapterCount={props.chapterCount} onGo={props.onGo} />
      </article>
      <div className="book-reader-bar">
        <button type="button" className="button button-ghost button-small" onClick={() => onNotes(true)}>
          笔记{notes.list.length ? ` ${notes.list.length}` : ''}
        </button>
        <Link to={`/book/${bookId}/share`} className="button button-ghost button-small">
          分享
        </Link>
      </div>
      <ReaderWordSheet lookup={lookup} articleId={null} info={undefined} notes={notes.list} drafting={drafting} />
      <NoteTools selection={selection} clearSelection={clearSelection} notes={drafting} showPublic={false} />
      <ChapterNotes
        open={props.notesOpen}
        notes={notes.list}
        loggedIn={loggedIn}
        onClose={() => onNotes(false)}
        onEdit={drafting.edit}
        onDelete={notes.remove}
      />
    </>
  );
}
