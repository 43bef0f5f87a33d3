import { describe, expect, it } from 'vitest';
import {
  LEARN_AHEAD_MS,
  sessionPhase,
  sessionReducer,
  sessionStats,
  startSession,
  type FlashcardData,
  type Rating,
  type SessionState,
} from './flashcard-session';

const NOW = Date.parse('2025-03-01T10:00:00Z');

function card(id: number, word = `word${id}`): FlashcardData {
  return { id, word, phonetic: null, meaning: '释义', state: 'new', due: new Date(NOW).toISOString(), contexts: [], intervals: [] };
}

const inMinutes = (c: FlashcardData, minutes: number): FlashcardData => ({
  ...c,
  state: 'learning',
  due: new Date(NOW + minutes * 60_000).toISOString(),
});

/** Flips and rates the current card; returns the state and the rated card. */
function rate(state: SessionState, rating: Rating, spent = 1000) {
  const shown = state.current!.card;
  return { state: sessionReducer(sessionReducer(state, { type: 'flip' }), { type: 'rate', rating, spent }), shown };
}

const graded = (state: SessionState, c: FlashcardData, rating: Rating, minutes: number) =>
  sessionReducer(state, { type: 'graded', id: c.id, rating, card: inMinutes(c, minutes), now: NOW });

describe('flashcard session', () => {
  it('starts on the first card, front side up, counting distinct cards', () => {
    const state = startSession([card(1), card(2), card(1), card(3)]);
    expect(state.total).toBe(3);
    expect(state.current?.card.id).toBe(1);
    expect(state.side).toBe('front');
    expect(state.seen).toEqual([1]);
    expect(sessionPhase(state)).toBe('card');
  });

  it('an empty batch is finished at once', () => {
    expect(sessionPhase(startSession([]))).toBe('finished');
  });

  it('flip shows the back once; rating needs the back first', () => {
    const start = startSession([card(1), card(2)]);
    expect(sessionReducer(start, { type: 'rate', rating: 3, spent: 10 })).toBe(start);
    const back = sessionReducer(start, { type: 'flip' });
    expect(back.side).toBe('back');
    expect(sessionReducer(back, { type: 'flip' })).toBe(back);
  });

  it('rating moves on to the next card front side up, a new turn, and records the rating as pending', () => {
    const { state } = rate(startSession([card(1), card(2)]), 3, 4200);
    expect(state.current?.card.id).toBe(2);
    expect(state.side).toBe('front');
    expect(state.turn).toBe(2);
    expect(state.seen).toEqual([1, 2]);
    expect(state.pending.map((c) => c.id)).toEqual([1]);
    expect(state.results).toEqual([{ id: 1, rating: 3, spent: 4200, first: true, saved: false }]);

    const saved = graded(state, card(1), 3, 10);
    expect(saved.pending).toEqual([]);
    expect(saved.results[0]?.saved).toBe(true);
    // Remembered: it does not come back in this session, even though it is due in 10 minutes.
    expect(saved.later).toEqual([]);
  });

  it('cards rated 忘记 come back after the unseen ones, earliest due first, with their new intervals', () => {
    let state = startSession([card(1), card(2), card(3)]);
    let shown: FlashcardData;
    ({ state, shown } = rate(state, 1));
    state = graded(state, shown, 1, 10); // relearning: 10 minutes
    ({ state, shown } = rate(state, 1));
    state = graded(state, shown, 1, 1); // learning: 1 minute
    ({ state, shown } = rate(state, 3));
    state = graded(state, shown, 3, 10);

    expect(state.current).toEqual({ card: inMinutes(card(2), 1), repeat: true });
    expect(state.seen).toEqual([1, 2, 3]);
    ({ state, shown } = rate(state, 3));
    state = graded(state, shown, 3, 10);
    expect(state.current?.card.id).toBe(1);
    ({ state, shown } = rate(state, 4));
    expect(sessionPhase(state)).toBe('saving');
    state = graded(state, shown, 4, 60 * 24 * 4);
    expect(sessionPhase(state)).toBe('finished');
    expect(state.results.map((r) => [r.id, r.rating, r.first])).toEqual([
      [1, 1, true],
      [2, 1, true],
      [3, 3, true],
      [2, 3, false],
      [1, 4, false],
    ]);
  });

  it('a 忘记 due later than the session window does not come back', () => {
    const first = rate(startSession([card(1)]), 1);
    const { shown } = first;
    const state = sessionReducer(first.state, {
      type: 'graded',
      id: shown.id,
      rating: 1,
      card: { ...shown, due: new Date(NOW + LEARN_AHEAD_MS + 60_000).toISOString() },
      now: NOW,
    });
    expect(sessionPhase(state)).toBe('finished');
  });

  it('waits for the answer to the last 忘记, then shows that card again', () => {
    const rated = rate(startSession([card(7)]), 1);
    expect(sessionPhase(rated.state)).toBe('saving');
    const state = graded(rated.state, rated.shown, 1, 1);
    expect(sessionPhase(state)).toBe('card');
    expect(state.current).toEqual({ card: inMinutes(card(7), 1), repeat: true });
    expect(state.turn).toBe(2);
  });

  it('a rating the server did not record is forgotten; with retry the card comes again at the end', () => {
    let { state } = rate(startSession([card(1), card(2)]), 2);
    state = sessionReducer(state, { type: 'failed', id: 1, retry: true });
    expect(state.results).toEqual([]);
    expect(state.queue.map((c) => c.id)).toEqual([1]);
    ({ state } = rate(state, 3));
    expect(state.current).toEqual({ card: card(1), repeat: true });

    const dropped = sessionReducer(rate(startSession([card(5)]), 3).state, { type: 'failed', id: 5, retry: false });
    expect(sessionPhase(dropped)).toBe('finished');
  });

  it('finish stats: distinct cards, reviews, time, counts per rating, retention of first answers', () => {
    const stats = sessionStats([
      { id: 1, rating: 1, spent: 3000, first: true, saved: true },
      { id: 2, rating: 3, spent: 5000, first: true, saved: true },
      { id: 3, rating: 4, spent: 2000, first: true, saved: true },
      { id: 4, rating: 2, spent: 6000, first: true, saved: true },
      { id: 1, rating: 3, spent: 4000, first: false, saved: true },
    ]);
    expect(stats).toEqual({ cards: 4, reviews: 5, spent: 20_000, byRating: { 1: 1, 2: 1, 3: 2, 4: 1 }, retention: 0.75 });
    expect(sessionStats([]).retention).toBeNull();
  });
});
