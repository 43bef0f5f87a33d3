import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { cardStateLabels, isWordMissing, POS_LABELS, VARIANT_LABELS, type WordEntry, type WordLookup } from '@changdu/contract';
import { errorMessage } from '../../api/client';
import { useWordSense } from '../../api/ai.queries';
import { useWordEntry } from '../../api/reader.queries';
import { useMarkWords } from '../../api/learner.queries';
import { useAddWord, useReviewCard } from '../../api/words.queries';
import { Modal } from '../../components/Modal';
import { Spinner } from '../../components/Spinner';
import { loginPathFor } from '../../lib/navigation';
import { useIsLoggedIn } from '../../lib/session';
import { toast } from '../../lib/toast';
import { isDue, type BookWord, type WordInfo } from './word-marks';
import { WordAiExplain } from './ai/WordAiExplain';
import { PhraseSection } from './PhraseSection';

export interface WordTarget {
  /** The word as tapped (a possessive 's already dropped). */
  word: string;
  /** The sentence it sits in, for lemmas in context and the word book. */
  sentence: string;
  /** Which occurrence of the word in the sentence was tapped (contract word-occurrence.ts); absent for the first. */
  at?: number;
  /** A note of mine drawn over the word, if any. */
  noteId?: string;
}

export interface WordSheetProps {
  target: WordTarget | null;
  /** The article read, for the word book's context; null in a book. */
  articleId: number | null;
  info: WordInfo | undefined;
  onClose: () => void;
  onEditNote: (noteId: string) => void;
  /** The sheet is already on screen, opened by the first screen's script: it does not slide in again. */
  settled?: boolean;
}

/** The dictionary sheet of a tapped word: entry, word-book button, and a review when it is due. */
export function WordSheet({ target, articleId, info, onClose, onEditNote, settled }: WordSheetProps) {
  // The headword once the dictionary answers (negotiated → negotiate); the tapped form until then.
  const entry = foundEntry(useWordEntry(target?.word ?? '', target?.sentence, target?.at).data);
  return (
    <Modal open={target !== null} onClose={onClose} title={entry?.word ?? target?.word ?? ''} className="word-sheet" settled={settled}>
      {target && <WordSheetBody target={target} articleId={articleId} info={info} onEditNote={onEditNote} />}
    </Modal>
  );
}

function WordSheetBody({
  target,
  articleId,
  info,
  onEditNote,
}: Omit<WordSheetProps, 'onClose' | 'target' | 'settled'> & { target: WordTarget }) {
  const answer = useWordEntry(target.word, target.sentence, target.at);
  const entry = foundEntry(answer.data);
  const loggedIn = useIsLoggedIn();
  const sense = useWordSense(entry, target.sentence, loggedIn);
  const chosen = sense.data?.meaning ?? null;
  const openedAt = useRef(0);
  useEffect(() => {
    openedAt.current = Date.now();
  }, []);

  return (
    <div className="word-sheet-body">
      {answer.isPending ? (
        <Spinner label="查词中" />
      ) : answer.error || !entry ? (
        <p className="word-missing">{answer.error?.msg ?? (answer.data && isWordMissing(answer.data) ? answer.data.message : '')}</p>
      ) : (
        <>
          {entry.phrase && <PhraseSection phrase={entry.phrase} sentence={target.sentence} articleId={articleId} />}
          <Entry entry={chosen ? withChosenFirst(entry, chosen) : entry} chosenBy={chosen ? (sense.data?.model ?? 'AI') : null} />
        </>
      )}
      {info?.key && (
        <section className="word-note word-note-key" aria-label="本文讲解">
          <h3 className="word-note-title">本文讲解</h3>
          <p>{info.key.resolve}</p>
        </section>
      )}
      {info?.level && !entry && info.level.meaning && (
        <p className="word-level-meaning">
          <span className="chip">生词</span> {info.level.meaning}
        </p>
      )}
      {entry && (
        <WordBook
          tapped={target.word}
          headword={entry.word}
          inBook={entry.in_wordbook || info?.book !== undefined}
          book={info?.book}
          sentence={target.sentence}
          at={target.at}
          articleId={articleId}
          openedAt={openedAt}
          meaning={chosen ? meaningLabel(chosen) : undefined}
        />
      )}
      <WordAiExplain key={`${target.word}|${target.sentence}`} word={target.word} sentence={target.sentence} />
      {target.noteId && (
        <button type="button" className="button button-ghost button-small word-note-link" onClick={() => onEditNote(target.noteId!)}>
          这里有你的划线 · 查看笔记
        </button>
      )}
    </div>
  );
}

/** The dictionary's entry, or undefined while it loads or when the word was not found. */
const foundEntry = (answer: WordLookup | undefined) => (answer && !isWordMissing(answer) ? answer : undefined);

function MeaningList({ meanings, label }: { meanings: WordEntry['meanings']; label: string }) {
  return (
    <ul className="word-meanings" aria-label={label}>
      {meanings.map((m, i) => (
        <li key={i}>
          <span className="word-pos">{m.pos}</span>
          <span>{m.text}</span>
        </li>
      ))}
    </ul>
  );
}

const meaningLabel = (m: { pos: string | null; text: string }) => `${m.pos ? `${m.pos} ` : ''}${m.text}`;

/** The entry with the provider's chosen meaning first: its line first, the item first in its line. */
export function withChosenFirst(entry: WordEntry, chosen: { pos: string | null; text: string }): WordEntry {
  const items = (text: string) => text.split(/[,，;；]\s*/).filter(Boolean);
  const at = entry.meanings.findIndex((m) => m.fits && m.pos === chosen.pos && items(m.text).includes(chosen.text));
  if (at < 0) return entry;
  const line = entry.meanings[at]!;
  const first = { ...line, text: [chosen.text, ...items(line.text).filter((i) => i !== chosen.text)].join(', ') };
  return { ...entry, meanings: [first, ...entry.meanings.filter((_, i) => i !== at)] };
}

/** `chosenBy`: the model that chose the first meaning for this sentence (shown as a label), else null. */
export function Entry({ entry, chosenBy = null }: { entry: WordEntry; chosenBy?: string | null }) {
  const fitting = entry.meanings.filter((m) => m.fits);
  const others = entry.meanings.filter((m) => !m.fits);
  const shown = fitting.length ? fitting : others;
  const folded = fitting.length ? others : [];
  const posLabel = entry.pos_in_context ? POS_LABELS[entry.pos_in_context] : undefined;
  return (
    <div className="word-entry">
      <p className="word-head">
        {entry.phonetics.length > 0
          ? entry.phonetics.map((p) => (
              <span key={`${p.variant}-${p.ipa}`} className="word-phonetic">
                {p.variant && <span className="word-phonetic-variant">{VARIANT_LABELS[p.variant]}</span>}
                <span lang="en-fonipa">/{p.ipa}/</span>
              </span>
            ))
          : entry.phonetic && <span className="word-phonetic">/{entry.phonetic}/</span>}
        {entry.frequency !== null && <span className="word-frequency">词频第 {entry.frequency} 位</span>}
      </p>
      {entry.form_of && (
        <p className="word-form-of">
          <span lang="en">{entry.form_of.form}</span> 是 <span lang="en">{entry.word}</span> 的{entry.form_of.label}
        </p>
      )}
      {posLabel && fitting.length > 0 && <p className="word-context-pos">在本句中作{posLabel}</p>}
      {chosenBy && (
        <p className="word-ai-sense" role="status">
          <span className="chip">AI 判断</span> 本句中的意思放在最前（{chosenBy}）
        </p>
      )}
      {shown.length > 0 && <MeaningList meanings={shown} label="中文释义" />}
      {entry.function_note && (
        <p className="word-function-note" aria-label="用法说明">
          {entry.function_note}
        </p>
      )}
      {entry.definition && (
        <p className="word-definition" lang="en">
          {entry.definition}
        </p>
      )}
      {folded.length > 0 && (
        <details className="word-more">
          <summary>其他释义（{folded.length}）</summary>
          <MeaningList meanings={folded} label="其他释义" />
          {entry.definitions.length > 1 && (
            <ol className="word-more-definitions" lang="en">
              {entry.definitions.slice(1).map((d) => (
                <li key={d}>{d}</li>
              ))}
            </ol>
          )}
        </details>
      )}
      {entry.inflections.length > 0 && (
        <p className="word-inflections">
          {entry.inflections.map((f) => (
            <span key={`${f.label}-${f.form}`} className="word-inflection">
              {f.label} <b lang="en">{f.form}</b>
            </span>
          ))}
        </p>
      )}
      {entry.exams.length > 0 && (
        <p className="chip-cloud word-exams" aria-label="考试">
          {entry.exams.map((exam) => (
            <span key={exam} className="chip chip-topic">
              {exam}
            </span>
          ))}
        </p>
      )}
    </div>
  );
}

interface WordBookProps {
  /** The form as tapped: the word book resolves it in its sentence, as the sheet did, to keep the meaning shown. */
  tapped: string;
  /** The dictionary's headword (negotiated → negotiate): what 我认识 marks known. */
  headword: string;
  inBook: boolean;
  book: BookWord | undefined;
  sentence: string;
  /** The tapped occurrence, sent as the lookup sent it, so the card keeps that occurrence's meaning. */
  at?: number | undefined;
  articleId: number | null;
  openedAt: { current: number };
  /** The meaning shown first when it is not the dictionary's own first (the provider's choice): the word book keeps it. */
  meaning?: string | undefined;
}

function WordBook({ tapped, headword, inBook, book, sentence, at, articleId, openedAt, meaning }: WordBookProps) {
  const loggedIn = useIsLoggedIn();
  const { pathname } = useLocation();
  const add = useAddWord();
  const known = useMarkWords();
  const review = useReviewCard();
  const [due] = useState(() => (book ? isDue(book) : false));

  if (!loggedIn) {
    return (
      <div className="word-actions">
        <Link to={loginPathFor(pathname)} className="button button-secondary button-block">
          登录后加入生词本
        </Link>
      </div>
    );
  }
  if (review.data) {
    const next = book?.intervals.find((i) => i.rating === review.variables?.rating);
    return (
      <p className="word-reviewed" role="status">
        已复习{next ? ` · ${next.label}，${next.interval}后再见` : ''}
      </p>
    );
  }
  return (
    <div className="word-actions">
      {book && due && (
        <div className="word-review" role="group" aria-label="复习这个词">
          <p className="word-review-title">该复习了：还记得它吗？</p>
          <div className="rating-row">
            {book.intervals.map((i) => (
              <button
                key={i.rating}
                type="button"
                className={`rating rating-${i.rating}`}
                aria-label={`${i.label} · ${i.interval}`}
                disabled={review.isPending}
                onClick={() =>
                  review.mutate(
                    // The reps seen make a retried or queued-offline review count once (docs/offline.md).
                    { id: book.id, rating: i.rating, spent: Math.max(0, Date.now() - openedAt.current), reps: book.reps },
                    { onError: (error) => toast(errorMessage(error)) },
                  )
                }
              >
                <span className="rating-label">{i.label}</span>
                <span className="rating-interval">{i.interval}</span>
              </button>
            ))}
          </div>
        </div>
      )}
      {inBook || add.isSuccess ? (
        <p className="word-in-book" role={add.isSuccess ? 'status' : undefined}>
          <span className="word-in-book-mark" aria-hidden="true">
            ✓
          </span>
          {add.isSuccess ? '已加入生词本' : '已在生词本'}
          {book && <span className="chip">{cardStateLabels[book.state]}</span>}
        </p>
      ) : known.isSuccess ? (
        <p className="word-in-book" role="status">
          <span className="word-in-book-mark" aria-hidden="true">
            ✓
          </span>
          已标记为认识，不再算作生词
        </p>
      ) : (
        <div className="word-choice">
          <button
            type="button"
            className="button button-primary"
            disabled={add.isPending}
            onClick={() =>
              add.mutate(
                {
                  word: tapped,
                  sentence,
                  ...(at ? { at } : {}),
                  ...(articleId === null ? { source: 'book' } : { article_id: articleId }),
                  ...(meaning ? { meaning } : {}),
                },
                // No toast: the sheet answers in place ("已加入生词本" below), where a toast would cover the exam tags.
                { onError: (error) => toast(errorMessage(error)) },
              )
            }
          >
            加入生词本
          </button>
          <button
            type="button"
            className="button button-secondary"
            disabled={known.isPending}
            onClick={() => known.mutate({ words: [headword], status: 'known' }, { onError: (error) => toast(errorMessage(error)) })}
          >
            我认识
          </button>
        </div>
      )}
    </div>
  );
}
