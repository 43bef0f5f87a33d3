import type { Generated } from 'kysely';

/** The reader's own learning: word book, lookups, reading history and days, review logs. */
export interface ReadingTables {
  word_book: WordBookTable;
  word_lookups: WordLookupsTable;
  read_history: ReadHistoryTable;
  reading_days: ReadingDaysTable;
  history_tokens: HistoryTokensTable;
  word_contexts: WordContextsTable;
  review_logs: ReviewLogsTable;
  reading_weeks: ReadingWeeksTable;
  review_weeks: ReviewWeeksTable;
  offline_readings: OfflineReadingsTable;
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
export interface WordLookupsTable {
  user_id: number;
  day: string;
  word: string;
}
export interface ReadHistoryTable {
  user_id: number;
  article_id: number;
  spent_time: number;
  is_finish: number;
  first_read_at: string;
  last_read_at: string;
}
export interface ReadingDaysTable {
  user_id: number;
  /** China-time date, YYYY-MM-DD. */
  day: string;
  seconds: number;
  finished: number;
}
export interface HistoryTokensTable {
  token_hash: string;
  user_id: number;
  credited: number;
  last_sign_at: number;
  created_at: string;
}
/** A counted report of reading time read offline (modules/history/reading-check.ts#admitOfflineReport). */
export interface OfflineReadingsTable {
  user_id: number;
  /** The client's key of the report: a resend is answered, not counted again. */
  report_key: string;
  article_id: number;
  token_hash: string;
  /** The reading's window in server time (ms since the epoch), within the `t`'s issue and the send. */
  starts_at: number;
  ends_at: number;
  /** What was counted (after every cap); 0 when nothing could be. */
  seconds: number;
  /** The China-time day the seconds went to. */
  day: string;
  created_at: string;
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
/** A reader's week for the weekly rank (history keeps it as reading is credited). */
export interface ReadingWeeksTable {
  user_id: number;
  /** The week's Monday, China time, YYYY-MM-DD. */
  week: string;
  /** Reading seconds of the week, each article counting at most its cap. */
  seconds: number;
  finished: number;
}
/** Distinct cards a reader reviewed in a week (words keeps it as reviews are applied). */
export interface ReviewWeeksTable {
  user_id: number;
  week: string;
  cards: number;
}
