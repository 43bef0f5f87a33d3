import { useEffect, useEffectEvent, useReducer, useRef, type ReactNode, type TouchEvent } from 'react';
import { ratingLabels } from '@changdu/contract';
import { ApiError, errorMessage } from '../api/client';
import {
  RATINGS,
  sessionPhase,
  sessionReducer,
  startSession,
  type FlashcardData,
  type Rating,
  type SessionState,
} from '../lib/flashcard-session';
import { toast } from '../lib/toast';
import { FlashcardFace } from './FlashcardCard';
import { FlashcardFinish } from './FlashcardFinish';
import { Spinner } from './Spinner';
import '../styles/words.css';
import '../styles/flashcards.css';

/** Records a rating and answers the card with its new due time and intervals. */
export type GradeCard = (card: FlashcardData, rating: Rating, spent: number) => Promise<FlashcardData>;

export interface FlashcardSessionProps {
  cards: FlashcardData[];
  grade: GradeCard;
  /** 再来一组 on the finish screen; left out, there is no such button. */
  onAgain?: () => void;
  againPending?: boolean;
  /** Where 返回 on the finish screen goes. */
  backTo: string;
  /** Extra words under the finish screen's numbers (the demo's call to register). */
  finishNote?: ReactNode;
}

/** The server's limit on the time spent on one card. */
const MAX_SPENT_MS = 3_600_000;
/** A swipe counts past this many pixels (sideways to rate, upwards to flip). */
export const SWIPE_RATE_PX = 60;
export const SWIPE_FLIP_PX = 40;
/** Swipes the card makes on its back: left 忘记, right 记得. */
const SWIPE_RATINGS = { left: 1, right: 3 } as const;

/**
 * One review session over a batch of cards: the card (tap, space, Enter or swipe up to
 * flip), four rating buttons with their next intervals (keys 1–4, swipe left 忘记 /
 * right 记得), progress n/total, then the finish screen. The time from a card showing to
 * its rating is measured and graded with it.
 */
export function FlashcardSession({ cards, grade, onAgain, againPending, backTo, finishNote }: FlashcardSessionProps) {
  const [state, dispatch] = useReducer(sessionReducer, cards, startSession);
  const shownAt = useRef(0);
  const ratedTurn = useRef(0);

  // Every new turn (a card shown, or shown again) starts its clock.
  useEffect(() => {
    shownAt.current = Date.now();
  }, [state.turn]);

  const rate = (rating: Rating) => {
    const current = state.current;
    if (!current || state.side !== 'back' || ratedTurn.current === state.turn) return;
    ratedTurn.current = state.turn;
    const { card } = current;
    const spent = Math.min(MAX_SPENT_MS, Math.max(0, Math.round(Date.now() - shownAt.current)));
    dispatch({ type: 'rate', rating, spent });
    grade(card, rating, spent).then(
      (updated) => dispatch({ type: 'graded', id: card.id, rating, card: updated, now: Date.now() }),
      (error: unknown) => {
        // A network failure may pass: the card comes again. A refusal (the word was deleted) will not.
        const retry = !(error instanceof ApiError) || error.code === '';
        toast(retry ? `${errorMessage(error)}，“${card.word}”稍后再复习一次` : errorMessage(error));
        dispatch({ type: 'failed', id: card.id, retry });
      },
    );
  };
  const flip = () => dispatch({ type: 'flip' });

  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if (event.ctrlKey || event.metaKey || event.altKey || event.repeat || document.body.classList.contains('modal-open')) return;
    const target = event.target instanceof Element ? event.target : null;
    if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
    // Space and Enter on a focused button or link press that control (the flip button flips by itself).
    const onControl = Boolean(target?.closest('button, a[href]'));
    if ((event.key === ' ' || event.key === 'Enter') && !onControl && state.side === 'front' && state.current) {
      event.preventDefault();
      flip();
    } else if (/^[1-4]$/.test(event.key) && state.side === 'back') {
      event.preventDefault();
      rate(Number(event.key) as Rating);
    }
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKey(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);

  const phase = sessionPhase(state);
  if (phase === 'finished') {
    return <FlashcardFinish results={state.results} onAgain={onAgain} againPending={againPending} backTo={backTo} note={finishNote} />;
  }
  return (
    <section className="flashcard-session" aria-label="复习">
      <Progress state={state} />
      {phase === 'saving' || !state.current ? (
        <Spinner label="正在保存" />
      ) : (
        <>
          <SwipeCard key={state.turn} side={state.side} onFlip={flip} onRate={rate}>
            <FlashcardFace card={state.current.card} side={state.side} repeat={state.current.repeat} />
          </SwipeCard>
          {state.side === 'front' ? (
            <div className="flashcard-controls">
              <button type="button" className="button button-primary button-block flashcard-flip" onClick={flip}>
                显示答案
              </button>
              <p className="flashcard-hint">点按卡片、上滑或按空格键翻面</p>
            </div>
          ) : (
            <div className="flashcard-controls">
              <div className="flashcard-ratings" role="group" aria-label="评分">
                {RATINGS.map((rating) => (
                  <button
                    key={rating}
                    type="button"
                    className="flashcard-rate"
                    data-rating={rating}
                    aria-keyshortcuts={String(rating)}
                    onClick={() => rate(rating)}
                  >
                    <span className="flashcard-rate-label">{ratingLabels[rating]}</span>{' '}
                    <span className="flashcard-rate-interval">
                      {state.current?.card.intervals.find((i) => i.rating === rating)?.interval}
                    </span>
                  </button>
                ))}
              </div>
              <p className="flashcard-hint flashcard-hint-touch">左滑 忘记 · 右滑 记得</p>
            </div>
          )}
          <p className="flashcard-hint flashcard-hint-keys">快捷键：空格 翻面 · 1 忘记 · 2 模糊 · 3 记得 · 4 简单</p>
        </>
      )}
    </section>
  );
}

function Progress({ state }: { state: SessionState }) {
  const n = state.seen.length;
  return (
    <div className="flashcard-progress">
      <div className="flashcard-progress-track" aria-hidden="true">
        <div className="flashcard-progress-bar" style={{ width: `${state.total ? (n / state.total) * 100 : 0}%` }} />
      </div>
      <p className="flashcard-progress-text" data-testid="flashcard-progress" aria-label={`第 ${n} 张，共 ${state.total} 张`}>
        {n}/{state.total}
      </p>
    </div>
  );
}

interface SwipeCardProps {
  side: 'front' | 'back';
  onFlip: () => void;
  onRate: (rating: Rating) => void;
  children: ReactNode;
}

/** The card itself: a tap or an upward swipe flips the front; on the back, left is 忘记 and right 记得. */
function SwipeCard({ side, onFlip, onRate, children }: SwipeCardProps) {
  const ref = useRef<HTMLDivElement>(null);
  const start = useRef<{ x: number; y: number } | null>(null);
  const lastSwipe = useRef(0);

  const follow = (dx: number, dy: number) => {
    const card = ref.current;
    if (!card) return;
    const moving = dx !== 0 || dy !== 0;
    card.style.transform = moving ? `translate(${dx}px, ${dy}px) rotate(${dx / 30}deg)` : '';
    card.style.transition = moving ? 'none' : '';
    card.dataset.swipe = side === 'back' && Math.abs(dx) >= SWIPE_RATE_PX ? (dx < 0 ? 'left' : 'right') : '';
  };

  const onTouchStart = (event: TouchEvent) => {
    const touch = event.touches[0];
    start.current = touch ? { x: touch.clientX, y: touch.clientY } : null;
  };
  const onTouchMove = (event: TouchEvent) => {
    const touch = event.touches[0];
    if (!start.current || !touch) return;
    const dx = touch.clientX - start.current.x;
    const dy = touch.clientY - start.current.y;
    // The front moves up only; the back sideways only.
    if (side === 'front') follow(0, Math.min(0, dy));
    else follow(dx, 0);
  };
  const onTouchEnd = (event: TouchEvent) => {
    const from = start.current;
    const touch = event.changedTouches[0];
    start.current = null;
    follow(0, 0);
    if (!from || !touch) return;
    const dx = touch.clientX - from.x;
    const dy = touch.clientY - from.y;
    if (side === 'front' && -dy >= SWIPE_FLIP_PX && Math.abs(dy) > Math.abs(dx)) {
      lastSwipe.current = Date.now();
      onFlip();
    } else if (side === 'back' && Math.abs(dx) >= SWIPE_RATE_PX && Math.abs(dx) > Math.abs(dy)) {
      lastSwipe.current = Date.now();
      onRate(dx < 0 ? SWIPE_RATINGS.left : SWIPE_RATINGS.right);
    }
  };

  return (
    <div
      ref={ref}
      className="flashcard"
      data-side={side}
      data-testid="flashcard"
      onClick={() => {
        // The click a browser may send after a swipe is not a tap.
        if (side === 'front' && Date.now() - lastSwipe.current > 400) onFlip();
      }}
      onTouchStart={onTouchStart}
      onTouchMove={onTouchMove}
      onTouchEnd={onTouchEnd}
      onTouchCancel={() => {
        start.current = null;
        follow(0, 0);
      }}
    >
      {children}
      {side === 'back' && (
        <>
          <span className="flashcard-swipe-label flashcard-swipe-left" aria-hidden="true">
            {ratingLabels[SWIPE_RATINGS.left]}
          </span>
          <span className="flashcard-swipe-label flashcard-swipe-right" aria-hidden="true">
            {ratingLabels[SWIPE_RATINGS.right]}
          </span>
        </>
      )}
    </div>
  );
}
