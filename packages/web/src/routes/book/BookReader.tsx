import { useCallback, useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { Codes, levelLabels, type BookNote, type ExamLevel, type Paragraph } from '@changdu/contract';
import { errorMessage } from '../../api/client';
import { useBook, useBookNotes, useChapter, useDeleteBookNote, useSaveBookNote, useSavePos } from '../../api/books.queries';
import { ErrorView } from '../../components/ErrorView';
import { LoadFailed } from '../../components/LoadFailed';
import { PageHeader } from '../../components/PageHeader';
import { Spinner } from '../../components/Spinner';
import { copyText } from '../../lib/clipboard';
import { useIsLoggedIn } from '../../lib/session';
import { toast } from '../../lib/toast';
import { ArticleBody } from '../../features/reader/ArticleBody';
import { NoteEditor, type NoteColor, type NoteDraft } from '../../features/reader/NoteEditor';
import { anchorOfRange, attrValue, highlightsByParagraph, inReadingOrder, newNoteId, revealInText, type Anchor } from '../../features/reader/notes';
import { ReaderSettings } from '../../features/reader/ReaderSettings';
import { SelectionToolbar } from '../../features/reader/SelectionToolbar';
import { usePageKeys } from '../../features/reader/usePageKeys';
import { useWordCursor } from '../../features/reader/useWordCursor';
import { fontSteps, useFontStep, useLevelChoice } from '../../features/reader/useReaderPrefs';
import { useReadingHeartbeat } from '../../features/reader/useReadingHeartbeat';
import { useTextSelection } from '../../features/reader/useTextSelection';
import { WordSheet, type WordTarget } from '../../features/reader/WordSheet';
import { BookToc } from './BookToc';
import { ChapterNotes } from './ChapterNotes';
import { useChapterWordMarks } from './useChapterWordMarks';
import { TapZonesHint, useTapZonesHint } from './TapZonesHint';
import { useBookTaps } from './useBookTaps';
import '../../styles/reading-tools.css';
import '../../styles/reading-sheets.css';
import '../../styles/books.css';
const SAVE_EVERY_MS = 1500;

/** The paragraph at the top of the reading area, its first sentence, and how far through the chapter the reader is. */
function currentPlace(body: HTMLElement): { paragraph: string | null; sentence: string | null; fraction: number } {
  const top = 72;
  const blocks = Array.from(body.querySelectorAll<HTMLElement>('[data-pid]'));
  const at = blocks.find((el) => el.getBoundingClientRect().bottom > top) ?? blocks[blocks.length - 1];
  const rect = body.getBoundingClientRect();
  const span = Math.max(1, rect.height - window.innerHeight / 2);
  const fraction = Math.min(1, Math.max(0, (top - rect.top) / span));
  const paragraph = at?.dataset.pid ?? null;
  return { paragraph, sentence: paragraph ? `${paragraph}-s1` : null, fraction: Math.round(fraction * 1000) / 1000 };
}

/** Book notes look like article notes to the shared highlight helpers. */
const asNotes = (list: BookNote[]) => list.map((n) => ({ ...n, article_id: 0, is_public: false, mine: true, user: null }));

/** 读书: a chapter at a time with the article reader's tools; the place is saved as the reader moves and restored anywhere. */
export function BookReader() {
  const bookId = Number(useParams().id);
  const [params, setParams] = useSearchParams();
  const loggedIn = useIsLoggedIn();
  const book = useBook(bookId);
  const [fontStep, setFontStep] = useFontStep();
  const [level, setLevel] = useLevelChoice();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [tocOpen, setTocOpen] = useState(false);
  const [notesOpen, setNotesOpen] = useState(false);
  // A tap in the middle beside the words hides the bars for reading, the next one brings them back.
  const [barsHidden, setBarsHidden] = useState(false);
  const hint = useTapZonesHint();

  const asked = params.get('chapter');
  const saved = book.data?.mine?.pos ?? null;
  const chapterIndex = asked !== null ? Number(asked) : (saved?.chapter ?? 0);
  const chapter = useChapter(bookId, book.data ? chapterIndex : -1);
  useReadingHeartbeat(0, loggedIn && !!book.data, bookId);
  usePageKeys();

  if (!Number.isInteger(bookId) || bookId <= 0 || book.error?.code === Codes.NOT_FOUND || chapter.error?.code === Codes.NOT_FOUND) {
    return <ErrorView status={404} />;
  }
  const b = book.data;
  // `p`: a paragraph to open at (a TOC section, a note in 我的笔记).
  const go = (index: number, paragraph: string | null = null) => {
    setParams(paragraph ? { chapter: String(index), p: paragraph } : { chapter: String(index) });
    if (!paragraph) window.scrollTo({ top: 0 });
  };

  return (
    <div className={`page page-reading page-book-reader${barsHidden ? ' is-bars-hidden' : ''}`}>
      <PageHeader
        title={chapter.data?.title ?? b?.title ?? '读书'}
        titleAs="p"
        documentTitle={b?.title ?? '读书'}
        back
        actions={
          <div className="reader-actions">
            <button type="button" className="toggle-chip" onClick={() => setTocOpen(true)}>
              目录
            </button>
            <button
              type="button"
              className="icon-button reader-settings-button"
              aria-label="阅读设置"
              onClick={() => setSettingsOpen(true)}
            >
              <span aria-hidden="true">Aa</span>
            </button>
          </div>
        }
      />
      {book.isPending || (chapter.isPending && chapterIndex >= 0) ? (
        <Spinner label="正在打开" />
      ) : book.error || chapter.error ? (
        <LoadFailed
          title="加载失败"
          message={(book.error ?? chapter.error)!.msg}
          onRetry={() => void (book.error ? book.refetch() : chapter.refetch())}
        />
      ) : (
        b &&
        chapter.data && (
          <ChapterReader
            key={`${bookId}:${chapterIndex}`}
            bookId={bookId}
            chapter={chapterIndex}
            chapterCount={b.chapter_count}
            title={chapter.data.title}
            paragraphs={chapter.data.paragraphs}
            restore={saved && saved.chapter === chapterIndex && asked === null ? saved.paragraph : null}
            target={params.get('p')}
            level={level}
            fontScale={fontSteps[fontStep].value}
            loggedIn={loggedIn}
            notesOpen={notesOpen}
            onNotes={setNotesOpen}
            onGo={go}
            onToggleBars={() => setBarsHidden((hidden) => !hidden)}
          />
        )
      )}
      {/* Once there is text: the zones are explained over the page they apply to. */}
      <TapZonesHint open={hint.open && !!chapter.data} onClose={hint.close} />
      {b && <BookToc open={tocOpen} toc={b.toc} current={chapterIndex} onClose={() => setTocOpen(false)} onGo={go} />}
      <ReaderSettings
        open={settingsOpen}
        onClose={() => setSettingsOpen(false)}
        fontStep={fontStep}
        onFontStep={setFontStep}
        level={level}
        onLevel={setLevel}
        onPagingHelp={() => {
          setSettingsOpen(false);
          hint.show();
        }}
      />
    </div>
  );
}

interface ChapterReaderProps {
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

function ChapterReader(props: ChapterReaderProps) {
  const { bookId, chapter, chapterCount, paragraphs: list, restore, target, level, fontScale, loggedIn, notesOpen, onNotes, onGo, onToggleBars } =
    props;
  const { key: visit } = useLocation();
  const bodyRef = useRef<HTMLDivElement>(null);
  const notesQuery = useBookNotes(bookId, loggedIn);
  const saveNote = useSaveBookNote(bookId);
  const deleteNote = useDeleteBookNote(bookId);
  const savePos = useSavePos();
  const [word, setWord] = useState<WordTarget | null>(null);
  const [draft, setDraft] = useState<(NoteDraft & { anchor: Anchor }) | null>(null);

  const paragraphs = useMemo(() => new Map(list.map((p) => [p.id, p])), [list]);
  const [selection, clearSelection] = useTextSelection(bodyRef, paragraphs);
  useBookTaps({ paragraphs, onWord: setWord, onChrome: onToggleBars });
  const wordCursor = useWordCursor(bodyRef, paragraphs, setWord);
  const chapterNotes = useMemo(() => (notesQuery.data?.list ?? []).filter((n) => n.chapter === chapter), [notesQuery.data, chapter]);
  const shaped = useMemo(() => inReadingOrder(asNotes(chapterNotes), list), [chapterNotes, list]);
  const highlights = useMemo(() => highlightsByParagraph(asNotes(chapterNotes)), [chapterNotes]);
  const { wordClass, levelCount } = useChapterWordMarks(bookId, chapter, level, loggedIn);
  const decorations = useMemo(() => ({ highlights, wordClass }), [highlights, wordClass]);

  // Open at the saved place (once), else at the top.
  useEffect(() => {
    if (restore) document.querySelector<HTMLElement>(`[data-pid="${attrValue(restore)}"]`)?.scrollIntoView({ block: 'start' });
  }, [restore]);
  // A section or a note asked for by the address: shown and flashed, again on every visit to it.
  useEffect(() => {
    if (target) revealInText(`[data-pid="${attrValue(target)}"]`);
  }, [target, visit]);

  // Save the place as the reader moves (at most every 1.5 s, and when leaving).
  const save = useCallback(() => {
    const body = bodyRef.current;
    if (!loggedIn || !body) return;
    const place = currentPlace(body);
    savePos.mutate({ id: bookId, pos: { chapter, ...place, at: new Date().toISOString() } });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- savePos.mutate is stable
  }, [loggedIn, bookId, chapter]);
  useEffect(() => {
    if (!loggedIn) return;
    let timer: number | undefined;
    const onScroll = () => {
      if (timer === undefined) timer = window.setTimeout(() => ((timer = undefined), save()), SAVE_EVERY_MS);
    };
    const first = window.setTimeout(save, SAVE_EVERY_MS);
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', save);
    return () => {
      window.clearTimeout(first);
      window.clearTimeout(timer);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', save);
    };
  }, [loggedIn, save]);

  const store = (note: Omit<NoteDraft, 'text' | 'isPublic'> & { anchor: Anchor }) =>
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
      {
        onSuccess: () => {
          setDraft(null);
          clearSelection();
        },
        onError: (error) => toast(errorMessage(error)),
      },
    );
  const highlight = (color: NoteColor) => {
    if (!selection) return;
    if (!loggedIn) return toast('登录后可以划线、写笔记');
    store({ color, comment: '', anchor: anchorOfRange(selection.range) });
  };
  const edit = (note: BookNote) =>
    setDraft({
      text: note.text,
      color: note.color,
      comment: note.comment,
      isPublic: false,
      noteUuid: note.note_uuid,
      anchor: { root: note.root, text: note.text, data: (note.data ?? {}) as Record<string, unknown> },
    });

  return (
    <>
      <article className="reader" style={{ '--reader-scale': fontScale } as CSSProperties}>
        {/* Most chapters open with their own heading; the title is drawn only when they do not. */}
        {!(list[0] && (list[0].kind === 'h2' || list[0].kind === 'h3')) && <h1 className="book-chapter-title">{props.title}</h1>}
        {level && (
          <p className="level-banner" role="status">
            {levelCount !== null
              ? `已标出超出${levelLabels[level]}的 ${levelCount} 个词，点词看释义`
              : `正在标出超出${levelLabels[level]}的词…`}
          </p>
        )}
        <div ref={bodyRef} className="reader-text" {...wordCursor.textProps}>
          <ArticleBody paragraphs={list} bilingual={false} decorations={decorations} />
        </div>
        {wordCursor.aside}
        <nav className="book-chapter-nav" aria-label="翻章">
          <button type="button" className="button button-ghost" disabled={chapter <= 0} onClick={() => onGo(chapter - 1)}>
            上一章
          </button>
          <span className="book-row-meta">
            {chapter + 1} / {chapterCount}
          </span>
          <button
            type="button"
            className="button button-secondary"
            disabled={chapter >= chapterCount - 1}
            onClick={() => onGo(chapter + 1)}
          >
            下一章
          </button>
        </nav>
      </article>
      <div className="book-reader-bar">
        <button type="button" className="button button-ghost button-small" onClick={() => onNotes(true)}>
          笔记{chapterNotes.length ? ` ${chapterNotes.length}` : ''}
        </button>
        <Link to={`/book/${bookId}/share`} className="button button-ghost button-small">
          分享
        </Link>
      </div>
      {selection && !draft && (
        <SelectionToolbar
          box={selection.box}
          onColor={highlight}
          onComment={() => {
            if (!loggedIn) return toast('登录后可以划线、写笔记');
            const anchor = anchorOfRange(selection.range);
            setDraft({ text: anchor.text, color: 'yellow', comment: '', isPublic: false, anchor });
          }}
          onCopy={() => {
            void copyText(selection.range.text).then((copied) => copied && toast('已复制'));
            clearSelection();
          }}
        />
      )}
      <WordSheet
        target={word}
        articleId={null}
        info={undefined}
        onClose={() => setWord(null)}
        onEditNote={(noteId) => {
          const note = chapterNotes.find((n) => n.note_uuid === noteId);
          setWord(null);
          if (note) edit(note);
        }}
      />
      <NoteEditor
        draft={draft}
        saving={saveNote.isPending}
        showPublic={false}
        onSave={(next) => draft && store({ ...next, anchor: draft.anchor })}
        onClose={() => setDraft(null)}
      />
      <ChapterNotes
        open={notesOpen}
        notes={shaped}
        loggedIn={loggedIn}
        onClose={() => onNotes(false)}
        onEdit={edit}
        onDelete={(n) =>
          deleteNote.mutate(
            { id: bookId, note_uuid: n.note_uuid },
            { onSuccess: () => toast('已删除笔记'), onError: (e) => toast(errorMessage(e)) },
          )
        }
      />
    </>
  );
}
