import type { Output } from '../api/client';

/**
 * A flashcard review session as a pure state machine. The screen owns the clock and the
 * network: it measures the time spent, sends the rating, and reports the server's answer
 * back (`graded`), so the same machine runs the word-book session, the article session
 * and the local demo.
 */

export type ReviewCard = Output<'words.next'>['list'][number];
export type Rating = 1 | 2 | 3 | 4;
export const RATINGS: readonly Rating[] = [1, 2, 3, 4];

/** What a card needs to be shown; the article session adds the forms the article uses. */
export type FlashcardData = Pick<ReviewCard, 'id' | 'word' | 'phonetic' | 'meaning' | 'state' | 'due' | 'contexts' | 'intervals'> & {
  forms?: string[];
  /** The dictionary's other meanings, folded under the kept one on the back (the demo cards have none). */
  other_meanings?: string[];
  /** The card's reviews so far, as loaded: sent with a rating as its idempotency key. */
  reps?: number;
};

/**
 * A card rated 忘记 comes back in this session when the scheduler wants it again within
 * this long (the learning and relearning steps: minutes). It is shown after the cards
 * not yet seen, earliest due first, without waiting for the due time (Anki's
 * "learn ahead" limit is the same 20 minutes).
 */
export const LEARN_AHEAD_MS = 20 * 60_000;

export interface SessionResult {
  id: number;
  rating: Rating;
  spent: number;
  /** The card's first rating in this session (retention counts these). */
  first: boolean;
  /** The server (or the demo's scheduler) has recorded it. */
  saved: boolean;
}

export interface SessionState {
  /** Distinct cards in the batch: the "15" of "n/15". */
  total: number;
  current: { card: FlashcardData; repeat: boolean } | null;
  side: 'front' | 'back';
  /** Counts every card shown, so a card shown again is a new turn (and a new timer). */
  turn: number;
  /** Cards not yet shown, in order. */
  queue: FlashcardData[];
  /** Cards rated 忘记 that come back, earliest due first. */
  later: { card: FlashcardData; due: number }[];
  /** Cards whose rating the server has not answered yet. */
  pending: FlashcardData[];
  /** Distinct ids shown so far: the "n" of "n/15". */
  seen: number[];
  results: SessionResult[];
}

export type SessionAction =
  | { type: 'flip' }
  | { type: 'rate'; rating: Rating; spent: number }
  /** The server's answer to a rating: the card with its new due and intervals, at `now` (ms). */
  | { type: 'graded'; id: number; rating: Rating; card: FlashcardData; now: number }
  /** The rating was not recorded; `retry` shows the card again at the end, otherwise it is dropped. */
  | { type: 'failed'; id: number; retry: boolean };

export function startSession(cards: readonly FlashcardData[]): SessionState {
  const unique = cards.filter((card, i) => cards.findIndex((other) => other.id === card.id) === i);
  const [first, ...rest] = unique;
  return {
    total: unique.length,
    current: first ? { card: first, repeat: false } : null,
    side: 'front',
    turn: first ? 1 : 0,
    queue: rest,
    later: [],
    pending: [],
    seen: first ? [first.id] : [],
    results: [],
  };
}

/** Moves on to the next card: the unseen ones first, then those coming back. */
function advance(state: SessionState): SessionState {
  const [next, ...queue] = state.queue;
  if (next) {
    const repeat = state.seen.includes(next.id);
    return {
      ...state,
      queue,
      current: { card: next, repeat },
      side: 'front',
      turn: state.turn + 1,
      seen: repeat ? state.seen : [...state.seen, next.id],
    };
  }
  const [back, ...later] = state.later;
  if (back) return { ...state, later, current: { card: back.card, repeat: true }, side: 'front', turn: state.turn + 1 };
  return { ...state, current: null, side: 'front' };
}

export function sessionReducer(state: SessionState, action: SessionAction): SessionState {
  switch (action.type) {
    case 'flip':
      return state.current && state.side === 'front' ? { ...state, side: 'back' } : state;

    case 'rate': {
      // A rating needs the answer seen first, and one rating per turn.
      if (!state.current || state.side !== 'back') return state;
      const { id } = state.current.card;
      const result: SessionResult = {
        id,
        rating: action.rating,
        spent: action.spent,
        first: !state.results.some((r) => r.id === id),
        saved: false,
      };
      return advance({ ...state, results: [...state.results, result], pending: [...state.pending, state.current.card] });
    }

    case 'graded': {
      if (!state.pending.some((card) => card.id === action.id)) return state;
      const pending = state.pending.filter((card) => card.id !== action.id);
      const results = markSaved(state.results, action.id);
      const due = new Date(action.card.due).getTime();
      const comesBack = action.rating === 1 && Number.isFinite(due) && due - action.now <= LEARN_AHEAD_MS;
      const later = comesBack ? [...state.later, { card: action.card, due }].sort((a, b) => a.due - b.due) : state.later;
      const next = { ...state, pending, results, later };
      // The session was waiting for this answer: the card may be the one to show now.
      return state.current ? next : advance(next);
    }

    case 'failed': {
      const card = state.pending.find((c) => c.id === action.id);
      if (!card) return state;
      const pending = state.pending.filter((c) => c.id !== action.id);
      const index = state.results.findLastIndex((r) => r.id === action.id && !r.saved);
      const results = state.results.filter((_, i) => i !== index);
      const queue = action.retry ? [...state.queue, card] : state.queue;
      const next = { ...state, pending, results, queue };
      return state.current ? next : advance(next);
    }
  }
}

function markSaved(results: SessionResult[], id: number): SessionResult[] {
  const index = results.findLastIndex((r) => r.id === id && !r.saved);
  return results.map((r, i) => (i === index ? { ...r, saved: true } : r));
}

export type SessionPhase = 'card' | 'saving' | 'finished';

/** Showing a card, waiting for the last answers, or done. */
export function sessionPhase(state: SessionState): SessionPhase {
  if (state.current) return 'card';
  return state.pending.length > 0 ? 'saving' : 'finished';
}

export interface SessionStats {
  /** Distinct cards rated. */
  cards: number;
  /** Every rating, repeats included. */
  reviews: number;
  /** Total time spent on the cards, ms. */
  spent: number;
  byRating: Record<Rating, number>;
  /** Share of cards not forgotten at their first showing; null when none was rated. */
  retention: number | null;
}

export function sessionStats(results: readonly SessionResult[]): SessionStats {
  const byRating: Record<Rating, number> = { 1: 0, 2: 0, 3: 0, 4: 0 };
  for (const r of results) byRating[r.rating] += 1;
  const firsts = results.filter((r) => r.first);
  return {
    cards: new Set(results.map((r) => r.id)).size,
    reviews: results.length,
    spent: results.reduce((sum, r) => sum + r.spent, 0),
    byRating,
    retention: firsts.length ? firsts.filter((r) => r.rating > 1).length / firsts.length : null,
  };
}
