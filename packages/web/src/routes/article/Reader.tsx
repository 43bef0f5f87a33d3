import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type MouseEvent } from 'react';
import { useLocation } from 'react-router';
import { levelLabels, type ArticleDetail, type ExamLevel, type Note } from '@changdu/contract';
import { errorMessage } from '../../api/client';
import { useDeleteNote, useLevelWords, useMarkArticle, useMyNotes, useSaveNote } from '../../api/reader.queries';
import { useArticleWords } from '../../api/words.queries';
import { LoginPrompt } from '../../components/LoginPrompt';
import { copyText } from '../../lib/clipboard';
import { useIsLoggedIn } from '../../lib/session';
import { toast } from '../../lib/toast';
import { ArticleBody, SummaryText, summaryParagraph } from '../../features/reader/ArticleBody';
import { FinishCard, KeyWords, NextInCollection, NextInIssue } from './ArticleEnd';
import { ArticleHead, MemberNotice } from './ArticleHead';
import { sentenceAt, wordKey } from '../../features/reader/decorate';
import { NoteEditor, type NoteColor, type NoteDraft } from '../../features/reader/NoteEditor';
import {
  anchorOfNote,
  anchorOfRange,
  attrValue,
  highlightsByParagraph,
  inReadingOrder,
  newNoteId,
  revealInText,
  type Anchor,
} from '../../features/reader/notes';
import { NotesPanel } from './NotesPanel';
import { ReaderChrome } from './ReaderChrome';
import { SelectionToolbar } from '../../features/reader/SelectionToolbar';
import { shareArticle } from './share';
import { usePageKeys } from '../../features/reader/usePageKeys';
import { useWordCursor } from '../../features/reader/useWordCursor';
import { useReadingHeartbeat } from '../../features/reader/useReadingHeartbeat';
import { useParagraphMenu } from '../../features/reader/useParagraphMenu';
import { useTextSelection } from '../../features/reader/useTextSelection';
import { wordClasses, wordInfoMap } from '../../features/reader/word-marks';
import { SENTENCE_MAX, tappedWord } from '../../features/reader/word-at-point';
import { earlyTapTarget, takeEarlyTap } from '../../features/reader/early-tap';
import { restoreEarlySelection, takeEarlySelection } from '../../features/reader/early-selection';
import { WordSheet, type WordTarget } from '../../features/reader/WordSheet';
import { KnowTheRest, PreReadPanel } from './PreReadPanel';
import { AiHelpSheet, AiSelectionButtons, type AiAction, type AiRequest } from './ai/AiHelpSheet';
import { AiSummaryCard } from './ai/AiSummaryCard';

export interface ReaderProps {
  article: ArticleDetail;
  bilingual: boolean;
  fontScale: number;
  level: ExamLevel | null;
}

/** The article with its reading tools: word sheet, highlights and notes, word marks, marks, heartbeat. */
export function Reader({ article, bilingual, fontScale, level }: ReaderProps) {
  const id = article.id;
  const loggedIn = useIsLoggedIn();
  const { hash } = useLocation();
  const bodyRef = useRef<HTMLDivElement>(null);
  const endRef = useRef<HTMLDivElement>(null);

  const myNotes = useMyNotes(id, loggedIn);
  const bookWords = useArticleWords(id, loggedIn);
  const levelWords = useLevelWords(id, level);
  const saveNote = useSaveNote(id);
  const deleteNote = useDeleteNote(id);
  const mark = useMarkArticle(id);
  const finishReading = useReadingHeartbeat(id, loggedIn);
  usePageKeys();

  const [now] = useState(() => Date.now());
  const [draft, setDraft] = useState<(NoteDraft & { anchor: Anchor }) | null>(null);
  const [notesOpen, setNotesOpen] = useState(false);
  const [aiRequest, setAiRequest] = useState<AiRequest | null>(null);
  const [loginReason, setLoginReason] = useState<string | null>(null);

  // The summary is tapped like a paragraph; it is not a body paragraph, so selections and notes never anchor to it.
  const summary = useMemo(() => (article.summary ? summaryParagraph(article.summary) : null), [article.summary]);
  const paragraphs = useMemo(() => new Map(article.paragraphs.map((p) => [p.id, p])), [article.paragraphs]);
  const tappable = useMemo(() => (summary ? new Map([...paragraphs, [summary.id, summary]]) : paragraphs), [paragraphs, summary]);
  // A tap on the server-drawn text before the app had started (src/boot/first-screen.ts) opens its
  // word in the reader's first render, in place of the sheet the script opened; from here on taps
  // come to openWord.
  const [early] = useState(() => {
    const kept = takeEarlyTap();
    return { target: kept && earlyTapTarget(kept.tap, tappable), shown: kept?.shown ?? false };
  });
  const [word, setWord] = useState<WordTarget | null>(early.target);
  const [selected, clearSelection] = useTextSelection(bodyRef, paragraphs);
  const wordCursor = useWordCursor(bodyRef, paragraphs, setWord);
  // Likewise a selection made on the drawn text (kept as the app mounted, src/main.tsx): the app
  // replaced the nodes it was on, so it is put back on the reader's own text, where the selection
  // toolbar takes it up.
  const [earlySelection] = useState(takeEarlySelection);
  useLayoutEffect(() => {
    if (earlySelection && bodyRef.current) restoreEarlySelection(earlySelection, bodyRef.current);
  }, [earlySelection]);
  const menu = useParagraphMenu(paragraphs);
  const closeMenu = menu.close;
  // A selection replaces an open paragraph menu; the toolbar acts on whichever is there.
  useEffect(() => {
    if (selected) closeMenu();
  }, [selected, closeMenu]);
  const selection = selected ?? menu.picked;
  const clearPicked = () => {
    clearSelection();
    closeMenu();
  };
  const notes = useMemo(() => inReadingOrder(myNotes.data?.list ?? [], article.paragraphs), [myNotes.data, article.paragraphs]);
  const order = useCallback((list: Note[]) => inReadingOrder(list, article.paragraphs), [article.paragraphs]);
  const levelList = level ? levelWords.data?.list : undefined;
  const info = useMemo(
    () => wordInfoMap(bookWords.data?.list ?? [], levelList ?? [], article.words),
    [bookWords.data, levelList, article.words],
  );
  const wordClass = useCallback((key: string) => wordClasses(info.get(key), now), [info, now]);
  const highlights = useMemo(() => highlightsByParagraph(myNotes.data?.list ?? []), [myNotes.data]);
  const decorations = useMemo(() => ({ highlights, wordClass }), [highlights, wordClass]);

  // `/article/{id}#<paragraph id>` (from 我的笔记) opens at that paragraph.
  const target = hash.slice(1);
  useEffect(() => {
    if (target) revealInText(`[data-pid="${attrValue(target)}"]`);
  }, [target, id]);

  // Reaching the end of a full article counts as finishing it, for the reading record.
  useEffect(() => {
    const end = endRef.current;
    if (!loggedIn || article.preview || !end || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) finishReading();
    });
    observer.observe(end);
    return () => observer.disconnect();
  }, [loggedIn, article.preview, finishReading]);

  const openWord = (event: MouseEvent<HTMLDivElement>) => {
    if (menu.onTap(event.target)) return;
    const target = tappedWord(event.target, { x: event.clientX, y: event.clientY }, tappable);
    if (target) setWord(target);
  };

  const openKeyWord = (headword: string) => {
    const pattern = new RegExp(`\\b${headword.replace(/[^A-Za-z'-]/g, '')}`, 'i');
    const paragraph = article.paragraphs.find((p) => pattern.test(p.text));
    const at = paragraph ? paragraph.text.search(pattern) : -1;
    setWord({ word: headword, sentence: paragraph && at >= 0 ? sentenceAt(paragraph, at).text.slice(0, SENTENCE_MAX) : '' });
  };

  const save = (note: Omit<NoteDraft, 'text'> & { anchor: Anchor }) =>
    saveNote.mutate(
      {
        id,
        note_uuid: note.noteUuid ?? newNoteId(),
        text: note.anchor.text,
        comment: note.comment.trim(),
        root: note.anchor.root,
        color: note.color,
        data: note.anchor.data,
        is_public: note.isPublic,
      },
      {
        onSuccess: () => {
          setDraft(null);
          clearPicked();
        },
        onError: (error) => toast(errorMessage(error)),
      },
    );

  const needLogin = (reason: string) => {
    if (loggedIn) return false;
    setLoginReason(reason);
    return true;
  };

  const highlight = (color: NoteColor) => {
    if (!selection || needLogin('登录后可以划线、写笔记，笔记会同步到你的账号')) return;
    save({ color, comment: '', isPublic: false, anchor: anchorOfRange(selection.range) });
  };

  const editNote = (note: Note) =>
    setDraft({
      text: note.text,
      color: note.color,
      comment: note.comment,
      isPublic: note.is_public,
      noteUuid: note.note_uuid,
      anchor: anchorOfNote(note),
    });

  const toggleMark = (action: 'star' | 'finish', status: boolean) => {
    if (needLogin(action === 'star' ? '登录后可以收藏文章' : '登录后可以记录读完的文章')) return;
    if (action === 'finish' && status) finishReading();
    mark.mutate(
      { id, action, status },
      {
        onSuccess: () => toast(action === 'star' ? (status ? '已收藏' : '已取消收藏') : status ? '已标记为读完' : '已取消读完标记'),
        onError: (error) => toast(errorMessage(error)),
      },
    );
  };
  const starred = article.me?.starred ?? false;
  const finished = article.me?.finished ?? false;

  return (
    <>
      <article className="reader" style={{ '--reader-scale': fontScale } as CSSProperties}>
        <ArticleHead
          article={article}
          bilingual={bilingual}
          summary={summary ? { text: <SummaryText paragraph={summary} wordClass={wordClass} />, onClick: openWord } : undefined}
        />
        {loggedIn && <PreReadPanel articleId={id} />}
        <AiSummaryCard articleId={id} />
        {level && (
          <p className="level-banner" role="status">
            {levelWords.data
              ? `已标出超出${levelLabels[level]}的 ${levelWords.data.list.length} 个词，点词看释义`
              : `正在标出超出${levelLabels[level]}的词…`}
          </p>
        )}
        <div
          ref={bodyRef}
          className={article.preview ? 'reader-text reader-preview' : 'reader-text'}
          onClick={openWord}
          {...wordCursor.textProps}
        >
          <ArticleBody paragraphs={article.paragraphs} bilingual={bilingual} decorations={decorations} paragraphMenu progressive={!target} />
        </div>
        {wordCursor.aside}
        {article.preview && <MemberNotice shown={article.paragraphs.length} total={article.paragraph_total} />}
        <div ref={endRef} className="reader-end" aria-hidden="true" />
        <KeyWords words={article.words} onOpen={openKeyWord} />
        {!article.preview && loggedIn && (
          <FinishCard finished={finished} pending={mark.isPending} onFinish={() => toggleMark('finish', true)} />
        )}
        {loggedIn && <KnowTheRest articleId={id} />}
        <NextInCollection articleId={article.id} />
        <NextInIssue articleId={article.id} />
        {article.url && (
          <footer className="reader-foot">
            <a href={article.url} target="_blank" rel="noopener noreferrer" className="reader-original">
              阅读原文
            </a>
          </footer>
        )}
      </article>
      <ReaderChrome
        noteCount={notes.length}
        starred={starred}
        finished={finished}
        onNotes={() => setNotesOpen(true)}
        onStar={() => toggleMark('star', !starred)}
        onFinish={() => toggleMark('finish', !finished)}
        onShare={() => void shareArticle(article)}
      />
      {selection && !draft && (
        <SelectionToolbar
          box={selection.box}
          label={selected ? undefined : '段落工具'}
          onColor={highlight}
          onComment={() => {
            if (needLogin('登录后可以划线、写笔记，笔记会同步到你的账号')) return;
            const anchor = anchorOfRange(selection.range);
            setDraft({ text: anchor.text, color: 'yellow', comment: '', isPublic: false, anchor });
          }}
          onCopy={() => {
            void copyText(selection.range.text).then((copied) => copied && toast('已复制'));
            clearPicked();
          }}
          extra={
            <AiSelectionButtons
              onAction={(action: AiAction) => {
                if (needLogin('登录后可以使用 AI 翻译、解析和提问')) return;
                setAiRequest({ action, text: selection.range.text.slice(0, 2000), pos: anchorOfRange(selection.range).root });
                clearPicked();
              }}
            />
          }
        />
      )}
      <AiHelpSheet
        request={aiRequest}
        articleId={id}
        paragraphIds={article.paragraphs.map((p) => p.id)}
        onClose={() => setAiRequest(null)}
      />
      <WordSheet
        target={word}
        settled={early.shown && word === early.target}
        articleId={id}
        info={word ? info.get(wordKey(word.word)) : undefined}
        onClose={() => setWord(null)}
        onEditNote={(noteId) => {
          const note = notes.find((n) => n.note_uuid === noteId);
          setWord(null);
          if (note) editNote(note);
        }}
      />
      <NoteEditor
        draft={draft}
        saving={saveNote.isPending}
        onSave={(next) => draft && save({ ...next, anchor: draft.anchor })}
        onClose={() => setDraft(null)}
      />
      <NotesPanel
        open={notesOpen}
        onClose={() => setNotesOpen(false)}
        articleId={id}
        loggedIn={loggedIn}
        mine={notes}
        order={order}
        onJump={(note) => {
          setNotesOpen(false);
          if (!revealInText(`mark[data-note="${attrValue(note.note_uuid)}"]`)) revealInText(`[data-pid="${attrValue(note.root)}"]`);
        }}
        onEdit={editNote}
        onDelete={(note) =>
          deleteNote.mutate(
            { id, note_uuid: note.note_uuid },
            { onSuccess: () => toast('已删除笔记'), onError: (error) => toast(errorMessage(error)) },
          )
        }
        onSetPublic={(note, isPublic) =>
          save({ color: note.color, comment: note.comment, isPublic, noteUuid: note.note_uuid, anchor: anchorOfNote(note) })
        }
        onLogin={() => {
          setNotesOpen(false);
          setLoginReason('登录后可以划线、写笔记，笔记会同步到你的账号');
        }}
      />
      <LoginPrompt reason={loginReason} onClose={() => setLoginReason(null)} />
    </>
  );
}
