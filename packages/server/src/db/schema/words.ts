import type { Generated } from 'kysely';

/** The word book: words, the sentences they were met in, reviews (modules/words). */
export interface WordsTables {
  word_book: WordBookTable;
  word_contexts: WordContextsTable;
  review_logs: ReviewLogsTable;
  review_weeks: ReviewWeeksTable;
}

export interface WordBookTable {
  id: Generated<number>;
  user_id: number;
  word: string;
  due: string;
  stability: Generated<number>;
  difficulty: Generated<number>;
  elapsed_days: Generated<number>;
  scheduled_days: Generated<number>;
  learning_steps: Generated<number>;
  reps: Generated<number>;
  lapses: Generated<number>;
  state: Generated<number>;
  last_review: string | null;
  /** The meaning the sheet showed first when the card was added ("v. 放弃"); null on older cards. */
  meaning: string | null;
  created_at: string;
  updated_at: string;
}
export interface WordContextsTable {
  id: Generated<number>;
  entry_id: number;
  /** The form as read, when it differs from the headword. */
  form: string | null;
  sentence: string | null;
  article_id: number | null;
  source: string | null;
  created_at: string;
}
export interface ReviewLogsTable {
  id: Generated<number>;
  entry_id: number;
  user_id: number;
  rating: number;
  /** The card's state, due, stability… before this review (ts-fsrs ReviewLog). */
  state: number;
  due: string;
  stability: number;
  difficulty: number;
  elapsed_days: number;
  last_elapsed_days: number;
  scheduled_days: number;
  learning_steps: number;
  review: string;
  spent_ms: number;
}
/** Distinct cards a reader reviewed in a week (words keeps it as reviews are applied). */
export interface ReviewWeeksTable {
  user_id: number;
  week: string;
  cards: number;
}
