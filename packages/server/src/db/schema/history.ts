/** Reading data: lookups, reading history and time, offline readings (modules/history). */
export interface HistoryTables {
  word_lookups: WordLookupsTable;
  read_history: ReadHistoryTable;
  reading_days: ReadingDaysTable;
  history_tokens: HistoryTokensTable;
  reading_weeks: ReadingWeeksTable;
  offline_readings: OfflineReadingsTable;
  read_article_days: ReadArticleDaysTable;
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
/** A reader's week for the weekly rank (history keeps it as reading is credited). */
export interface ReadingWeeksTable {
  user_id: number;
  /** The week's Monday, China time, YYYY-MM-DD. */
  week: string;
  /** Reading seconds of the week, each article counting at most its cap. */
  seconds: number;
  finished: number;
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
export interface ReadArticleDaysTable {
  user_id: number;
  article_id: number;
  day: string;
  seconds: number;
}
