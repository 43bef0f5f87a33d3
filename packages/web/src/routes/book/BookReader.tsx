import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { Codes } from '@changdu/contract';
import { useBook, useChapter } from '../../api/books.queries';
import { ErrorView } from '../../components/ErrorView';
import { LoadFailed } from '../../components/LoadFailed';
import { PageHeader } from '../../components/PageHeader';
import { Spinner } from '../../components/Spinner';
import { useIsLoggedIn } from '../../lib/session';
import { ReaderSettings } from '../../features/reader/ReaderSettings';
import { usePageKeys } from '../../features/reader/usePageKeys';
import { fontSteps, useFontStep, useLevelChoice } from '../../features/reader/useReaderPrefs';
import { useReadingHeartbeat } from '../../features/reader/useReadingHeartbeat';
import { BookToc } from './BookToc';
import { ChapterReader } from './ChapterReader';
import { TapZonesHint, useTapZonesHint } from './TapZonesHint';
import '../../styles/reading-tools.css';
import '../../styles/reading-sheets.css';
import '../../styles/books.css';

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
