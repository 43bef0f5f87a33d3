import { useRef, useState, type MouseEvent } from 'react';
import { useLocation } from 'react-router';
import type { ArticleDetail, ExamLevel } from '@changdu/contract';
import { LoginPrompt } from '../../components/LoginPrompt';
import { useIsLoggedIn } from '../../lib/session';
import { wordKey } from '../../features/reader/decorate';
import { anchorOfNote, attrValue, revealInText } from '../../features/reader/notes';
import { useDecorations } from '../../features/reader/useDecorations';
import { useNoteDraft } from '../../features/reader/useNoteDraft';
import { ReaderWordSheet } from '../../features/reader/ReaderWordSheet';
import { usePageKeys } from '../../features/reader/usePageKeys';
import { useReadingHeartbeat } from '../../features/reader/useReadingHeartbeat';
import { useRevealParagraph } from '../../features/reader/useRevealParagraph';
import { useWordLookup } from '../../features/reader/useWordLookup';
import { tappedWord } from '../../features/reader/word-at-point';
import { ArticleSelectionTools } from './ArticleSelectionTools';
import { ArticleText } from './ArticleText';
import { keyWordTarget } from './key-word';
import { NotesPanel } from './NotesPanel';
import { ReaderChrome } from './ReaderChrome';
import { shareArticle } from './share';
import { useArticleMarks, useFinishAtEnd } from './useArticleMarks';
import { useArticleNotes } from './useArticleNotes';
import { useArticleParagraphs } from './useArticleParagraphs';
import { useArticleSelection } from './useArticleSelection';
import { useArticleWordMarks } from './useArticleWordMarks';
import { useFirstScreenHandover } from './useFirstScreenHandover';
import { NOTES_NEED_LOGIN, useLoginPrompt } from './useLoginPrompt';

export interface ReaderProps {
  article: ArticleDetail;
  bilingual: boolean;
  fontScale: number;
  level: ExamLevel | null;
  /** Underline the words new to the reader (a logged-in reader's setting). */
  statusMarks: boolean;
}

/** The article with its reading tools: word sheet, highlights and notes, word marks, marks, heartbeat. */
export function Reader({ article, bilingual, fontScale, level, statusMarks }: ReaderProps) {
  const id = article.id;
  const loggedIn = useIsLoggedIn();
  // `/article/{id}#<paragraph id>` (from 我的笔记) opens at that paragraph.
  const target = useLocation().hash.slice(1);
  const bodyRef = useRef<HTMLDivElement>(null);
  const endRef = useRef<HTMLDivElement>(null);
  const finishReading = useReadingHeartbeat(id, loggedIn);
  usePageKeys();
  useRevealParagraph(target, id);
  useFinishAtEnd(endRef, loggedIn && !article.preview, finishReading);

  const login = useLoginPrompt(loggedIn);
  const marks = useArticleMarks(article, login.need, finishReading);
  const { summary, paragraphs, tappable } = useArticleParagraphs(article);
  const early = useFirstScreenHandover(bodyRef, tappable);
  const lookup = useWordLookup(bodyRef, paragraphs, early.target);
  const picked = useArticleSelection(bodyRef, paragraphs);
  const notes = useArticleNotes(article, loggedIn);
  const drafting = useNoteDraft(notes.writer, { mayWrite: () => !login.need(NOTES_NEED_LOGIN), onSaved: picked.clear });
  const wordMarks = useArticleWordMarks(article, level, loggedIn, statusMarks);
  const decorations = useDecorations(notes.list, wordMarks.wordClass);
  const [notesOpen, setNotesOpen] = useState(false);

  const onTap = (event: MouseEvent<HTMLDivElement>) => {
    if (picked.onTap(event.target)) return;
    const word = tappedWord(event.target, { x: event.clientX, y: event.clientY }, tappable);
    if (word) lookup.open(word);
  };

  return (
    <>
      <ArticleText
        article={article}
        loggedIn={loggedIn}
        bilingual={bilingual}
        fontScale={fontScale}
        level={level}
        levelCount={wordMarks.levelCount}
        summary={summary}
        wordClass={wordMarks.wordClass}
        decorations={decorations}
        bodyRef={bodyRef}
        endRef={endRef}
        cursor={lookup.cursor}
        onTap={onTap}
        onKeyWord={(headword) => lookup.open(keyWordTarget(article.paragraphs, headword))}
        progressive={!target}
        marks={marks}
      />
      <ReaderChrome
        noteCount={notes.list.length}
        starred={marks.starred}
        finished={marks.finished}
        onNotes={() => setNotesOpen(true)}
        onStar={() => marks.toggle('star', !marks.starred)}
        onFinish={() => marks.toggle('finish', !marks.finished)}
        onShare={() => void shareArticle(article)}
      />
      <ReaderWordSheet
        lookup={lookup}
        articleId={id}
        info={lookup.word ? wordMarks.info.get(wordKey(lookup.word.word)) : undefined}
        notes={notes.list}
        drafting={drafting}
        settled={early.shown && lookup.word === early.target}
      />
      <ArticleSelectionTools article={article} picked={picked} notes={drafting} needLogin={login.need} />
      <NotesPanel
        open={notesOpen}
        onClose={() => setNotesOpen(false)}
        articleId={id}
        loggedIn={loggedIn}
        mine={notes.list}
        order={notes.order}
        onJump={(note) => {
          setNotesOpen(false);
          if (!revealInText(`mark[data-note="${attrValue(note.note_uuid)}"]`)) revealInText(`[data-pid="${attrValue(note.root)}"]`);
        }}
        onEdit={drafting.edit}
        onDelete={notes.remove}
        onSetPublic={(note, isPublic) =>
          drafting.save({ color: note.color, comment: note.comment, isPublic, noteUuid: note.note_uuid, anchor: anchorOfNote(note) })
        }
        onLogin={() => {
          setNotesOpen(false);
          login.ask(NOTES_NEED_LOGIN);
        }}
      />
      <LoginPrompt reason={login.reason} onClose={login.close} />
    </>
  );
}
