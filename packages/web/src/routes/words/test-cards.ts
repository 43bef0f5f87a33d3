import { ratingLabels } from '@changdu/contract';
import type { Output } from '../../api/client';
import { ok, type SeenRequest } from '../../test/api-mock';
import type { ReviewCard } from '../../lib/flashcard-session';

/** Test data of the word-book screens, shaped as the server answers it. */

export const NOW = Date.parse('2025-03-01T02:00:00Z');
const MINUTE = 60_000;
const NEW_INTERVALS = [MINUTE, 6 * MINUTE, 10 * MINUTE, 4 * 1440 * MINUTE];
const NEW_TEXTS = ['1 分钟', '6 分钟', '10 分钟', '4 天'];

export function intervals(now = NOW): ReviewCard['intervals'] {
  return NEW_INTERVALS.map((ms, i) => ({
    rating: i + 1,
    label: ratingLabels[(i + 1) as 1 | 2 | 3 | 4],
    due: new Date(now + ms).toISOString(),
    interval: NEW_TEXTS[i]!,
  }));
}

/** Fifteen words for the cards made without one (word 1 is "amber", word 2 "bridge", …). */
export const WORDS = [
  'amber',
  'bridge',
  'candle',
  'dwell',
  'ember',
  'fathom',
  'gleam',
  'harbor',
  'ivory',
  'jostle',
  'kindle',
  'linger',
  'meadow',
  'nimble',
  'orbit',
];

export function reviewCard(id: number, word = WORDS[id - 1] ?? `word`, overrides: Partial<ReviewCard> = {}): ReviewCard {
  return {
    id,
    word,
    phonetic: 'fəˈnetɪk',
    meaning: `n. ${word} 的释义`,
    other_meanings: [],
    state: 'new',
    due: new Date(NOW).toISOString(),
    reps: 0,
    lapses: 0,
    last_review: null,
    created_at: new Date(NOW - 86_400_000).toISOString(),
    contexts: [
      {
        sentence: `The ${word} appeared in a sentence.`,
        article_id: 40 + id,
        article_title: `Article about ${word}`,
        source: 'article',
        form: null,
        created_at: new Date(NOW).toISOString(),
      },
    ],
    intervals: intervals(),
    ...overrides,
  };
}

/**
 * Handlers answering `POST /reader/myword/{id}/review` for each card, as the scheduler
 * would for a new card: due after the rating's interval.
 */
export function reviewHandlers(cards: ReviewCard[]) {
  return Object.fromEntries(
    cards.map((card) => [
      `POST /reader/myword/${card.id}/review`,
      (request: SeenRequest) => {
        const rating = (request.body as { rating: number }).rating;
        const now = Date.now();
        return ok({ ...card, state: 'learning', due: new Date(now + NEW_INTERVALS[rating - 1]!).toISOString(), intervals: intervals(now) });
      },
    ]),
  );
}

export function overview(overrides: Partial<Output<'words.overview'>> = {}): Output<'words.overview'> {
  return {
    total: 30,
    by_state: { new: 20, learning: 5, review: 4, relearning: 1 },
    due_now: 12,
    due_today: 18,
    reviewed_today: 7,
    streak: 3,
    retention_30d: 0.873,
    ...overrides,
  };
}

export function wordItem(id: number, word: string, overrides: Partial<Output<'words.list'>['list'][number]> = {}) {
  const { contexts: _c, intervals: _i, ...item } = reviewCard(id, word);
  return { ...item, ...overrides };
}
