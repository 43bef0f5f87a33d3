import { type AbstractScheduler, createEmptyCard, fsrs, generatorParameters, StrategyMode, type Card, type Grade, type RecordLogItem } from 'ts-fsrs';
import { cardStates, ratingLabels } from '@changdu/contract';
import type { Selectable } from 'kysely';
import type { WordBookTable } from '../../db/schema.js';

/**
 * FSRS-6 through ts-fsrs with its defaults (90% retention, short-term learning steps 1m/10m,
 * relearning 10m, fuzz on). Every schedule the app shows or stores comes from here.
 */
/**
 * The fuzz is drawn from the card as it stands before the review, not from the review's
 * millisecond (ts-fsrs's default): the intervals shown on the buttons are the ones stored when
 * the reader taps one a few seconds or minutes later.
 */
export function fuzzSeed(this: AbstractScheduler): string {
  // `last` is the card before the review (protected in the typings).
  const card = Reflect.get(this, 'last') as Card;
  return `${card.due.getTime()}_${card.reps}_${card.lapses}_${card.last_review?.getTime() ?? 0}`;
}

export const scheduler = fsrs(generatorParameters({ enable_fuzz: true, enable_short_term: true })).useStrategy(StrategyMode.SEED, fuzzSeed);

export type CardRow = Selectable<WordBookTable>;

export function newCard(now: Date): Card {
  return createEmptyCard(now);
}

/** The stored row as a ts-fsrs card. */
export function toCard(
  row: Pick<
    CardRow,
    'due' | 'stability' | 'difficulty' | 'elapsed_days' | 'scheduled_days' | 'learning_steps' | 'reps' | 'lapses' | 'state' | 'last_review'
  >,
): Card {
  return {
    due: new Date(row.due),
    stability: row.stability,
    difficulty: row.difficulty,
    elapsed_days: row.elapsed_days,
    scheduled_days: row.scheduled_days,
    learning_steps: row.learning_steps,
    reps: row.reps,
    lapses: row.lapses,
    state: row.state,
    ...(row.last_review ? { last_review: new Date(row.last_review) } : {}),
  };
}

/** A card's fields as stored. */
export function cardFields(card: Card) {
  return {
    due: card.due.toISOString(),
    stability: card.stability,
    difficulty: card.difficulty,
    elapsed_days: card.elapsed_days,
    scheduled_days: card.scheduled_days,
    learning_steps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state,
    last_review: card.last_review ? card.last_review.toISOString() : null,
  };
}

export function review(card: Card, now: Date, rating: Grade): RecordLogItem {
  return scheduler.next(card, now, rating);
}

export function stateName(state: number): (typeof cardStates)[number] {
  return cardStates[state] ?? 'new';
}

/** "1 分钟", "10 分钟", "3 天", "2 个月": how far away a due time is. */
export function humanInterval(from: Date, to: Date): string {
  const minutes = Math.max(1, Math.round((to.getTime() - from.getTime()) / 60_000));
  if (minutes < 60) return `${minutes} 分钟`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} 小时`;
  const days = Math.round(hours / 24);
  if (days < 31) return `${days} 天`;
  const months = Math.round(days / 30);
  if (months < 12) return `${months} 个月`;
  return `${Math.round((days / 365) * 10) / 10} 年`;
}

/** What each of the four ratings would do now (one scheduler for the four, as `next` would make one each). */
export function preview(card: Card, now: Date) {
  const all = scheduler.repeat(card, now);
  return ([1, 2, 3, 4] as Grade[]).map((rating) => {
    const next = all[rating].card;
    return { rating, label: ratingLabels[rating as 1 | 2 | 3 | 4], due: next.due.toISOString(), interval: humanInterval(now, next.due) };
  });
}
