import { useCallback, useEffect, useMemo, useRef, useState, type CSSProperties, type MouseEvent } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { Codes, type BookNote, type Paragraph } from '@changdu/contract';
import { errorMessage } from '../../api/client';
import { useBook, useBookNotes, useChapter, useDeleteBookNote, useSaveBookNote, useSavePos } from '../../api/books.queries';
import { ErrorView } from '../../components/ErrorView';
import { LoadFailed } from '../../components/LoadFailed';
import { Modal } from '../../components/Modal';
import { PageHeader } from '../../components/PageHeader';
import { Spinner } from '../../components/Spinner';
import { copyText } from '../../lib/clipboard';
import { useIsLoggedIn } from '../../lib/session';
import { toast } from '../../lib/toast';
import { ArticleBody } from '../article/ArticleBody';
import { elementOffset, paragraphElement, sentenceAt } from '../article/decorate';
import { NoteEditor, type NoteColor, type NoteDraft } from '../article/NoteEditor';
import { anchorOfRange, attrValue, highlightsByParagraph, inReadingOrder, newNoteId, revealInText, type Anchor } from '../article/notes';
import { ReaderSettings } from '../article/ReaderSettings';
import { SelectionToolbar } from '../article/SelectionToolbar';
import { usePageKeys } from '../article/usePageKeys';
import { fontSteps, useFontStep } from '../article/useReaderPrefs';
import { useReadingHeartbeat } from '../article/useReadingHeartbeat';
import { useTextSelection } from '../article/useTextSelection';
import { WordSheet, type WordTarget } from '../article/WordSheet';
import '../../styles/reading-tools.css';
import '../../styles/reading-sheets.css';
import '../../styles/books.css';

const SENTENCE_MAX = 1000;
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
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [tocOpen, setTocOpen] = useState(false);
  const [notesOpen, setNotesOpen] = useState(false);

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
  const go = (index: number) => {
    setParams({ chapter: String(index) });
    window.scrollTo({ top: 0 });
  };

  return (
    <div className="page page-reading page-book-reader">
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
            fontScale={fontSteps[fontStep].value}
            loggedIn={loggedIn}
            notesOpen={notesOpen}
            onNotes={setNotesOpen}
            onGo={go}
          />
        )
      )}
      {b && (
        <Modal open={tocOpen} onClose={() => setTocOpen(false)} title="目录">
          <ol className="book-toc book-toc-sheet">
            {b.toc.map((line, i) => (
              <li
                key={i}
                style={{ paddingInlineStart: `${line.depth * 16}px` }}
                className={line.chapter === chapterIndex ? 'is-current' : undefined}
              >
                {line.chapter !== null ? (
                  <button
                    type="button"
                    className="link-button"
                    onClick={() => {
                      setTocOpen(false);
                      go(line.chapter!);
                    }}
                  >
                    {line.title}
                  </button>
                ) : (
                  <span>{line.title}</span>
                )}
              </li>
            ))}
          </ol>
        </Modal>
      )}
      <ReaderSettings
        open={settingsOpen}
        onClose={() => setSettingsOpen(false)}
        fontStep={fontStep}
        onFontStep={setFontStep}
        level={null}
        onLevel={() => undefined}
        showLevel={false}
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
  fontScale: number;
  loggedIn: boolean;
  notesOpen: boolean;
  onNotes: (open: boolean) => void;
  onGo: (chapter: number) => void;
}

function ChapterReader(props: ChapterReaderProps) {
  const { bookId, chapter, chapterCount, paragraphs: list, restore, fontScale, loggedIn, notesOpen, onNotes, onGo } = props;
  const bodyRef = useRef<HTMLDivElement>(null);
  const notesQuery = useBookNotes(bookId, loggedIn);
  const saveNote = useSaveBookNote(bookId);
  const deleteNote = useDeleteBookNote(bookId);
  const savePos = useSavePos();
  const [word, setWord] = useState<WordTarget | null>(null);
  const [draft, setDraft] = useState<(NoteDraft & { anchor: Anchor }) | null>(null);

  const paragraphs = useMemo(() => new Map(list.map((p) => [p.id, p])), [list]);
  const [selection, clearSelection] = useTextSelection(bodyRef, paragraphs);
  const chapterNotes = useMemo(() => (notesQuery.data?.list ?? []).filter((n) => n.chapter === chapter), [notesQuery.data, chapter]);
  const shaped = useMemo(() => inReadingOrder(asNotes(chapterNotes), list), [chapterNotes, list]);
  const highlights = useMemo(() => highlightsByParagraph(asNotes(chapterNotes)), [chapterNotes]);
  const decorations = useMemo(() => ({ highlights }), [highlights]);

  // Open at the saved place (once), else at the top.
  useEffect(() => {
    if (restore) document.querySelector<HTMLElement>(`[data-pid="${attrValue(restore)}"]`)?.scrollIntoView({ block: 'start' });
  }, [restore]);

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

  const openWord = (event: MouseEvent<HTMLDivElement>) => {
    const element = event.target as Element;
    if (!window.getSelection()?.isCollapsed) return;
    const span = element.closest('span.w');
    const root = paragraphElement(span);
    const paragraph = root && paragraphs.get(root.dataset.pid ?? '');
    if (!span || !root || !paragraph) return;
    const sentence = sentenceAt(paragraph, elementOffset(root, span)).text.slice(0, SENTENCE_MAX);
    const noteId = span.closest<HTMLElement>('mark.hl')?.dataset.note;
    setWord({ word: (span.textContent ?? '').replace(/['’]s$/, ''), sentence, ...(noteId ? { noteId } : {}) });
  };

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
        <div ref={bodyRef} onClick={openWord}>
          <ArticleBody paragraphs={list} bilingual={false} decorations={decorations} />
        </div>
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
      <Modal open={notesOpen} onClose={() => onNotes(false)} title="本章笔记">
        {shaped.length === 0 ? (
          <p className="empty">{loggedIn ? '选中文字即可划线、写笔记。' : '登录后可以划线、写笔记。'}</p>
        ) : (
          <ul className="book-notes">
            {shaped.map((n) => (
              <li key={n.note_uuid} className={`book-note note-${n.color}`}>
                <button
                  type="button"
                  className="link-button book-note-text"
                  onClick={() => {
                    onNotes(false);
                    if (!revealInText(`mark[data-note="${attrValue(n.note_uuid)}"]`)) revealInText(`[data-pid="${attrValue(n.root)}"]`);
                  }}
                >
                  “{n.text}”
                </button>
                {n.comment && <p className="book-note-comment">{n.comment}</p>}
                <div className="book-note-actions">
                  <button type="button" className="button button-ghost button-small" onClick={() => (onNotes(false), edit(n as BookNote))}>
                    编辑
                  </button>
                  <button
                    type="button"
                    className="button button-ghost button-small"
                    onClick={() =>
                      deleteNote.mutate(
                        { id: bookId, note_uuid: n.note_uuid },
                        { onSuccess: () => toast('已删除笔记'), onError: (e) => toast(errorMessage(e)) },
                      )
                    }
                  >
                    删除
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </Modal>
    </>
  );
}
