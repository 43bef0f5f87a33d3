import type { Generated } from 'kysely';

/** The learner module's tables: word status per reader, placement estimates, article headword sets. */
export interface LearnerTables {
  learner_words: LearnerWordsTable;
  learner_state: LearnerStateTable;
  learner_estimates: LearnerEstimatesTable;
  learner_article_words: LearnerArticleWordsTable;
}

/** A headword the reader marked: `known` or `ignored` (new is no row; learning is the word book). */
export interface LearnerWordsTable {
  user_id: number;
  word: string;
  status: string;
  /** What marked it: `hand`, `import`, `placement`, `article`. */
  source: string;
  created_at: string;
}
export interface LearnerStateTable {
  user_id: number;
  /** Raised by every change of the reader's marks: the key of each process's cached known set. */
  words_version: Generated<number>;
}
export interface LearnerEstimatesTable {
  id: Generated<number>;
  user_id: number;
  estimate: number;
  level: string;
  created_at: string;
}
/** An article's headwords with counts, for one version of the row and one part (`full` or `preview`). */
export interface LearnerArticleWordsTable {
  article_id: number;
  part: string;
  version: number;
  tokens: number;
  /** Encoded by learner/article-words.ts: `headword count sentence-id` lines. */
  words: string;
}
