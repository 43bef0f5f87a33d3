/**
 * Table types. Times are ISO 8601 UTC strings on both dialects (text on SQLite,
 * timestamptz on PostgreSQL, read back as ISO by the client's type parser);
 * booleans are 0/1 integers so one query works on both; JSON is text.
 *
 * Each table belongs to one module, and its type lives in that module's file under `schema/`
 * with the interface naming the module's tables (`ArticlesTables`, …): a new table goes in its
 * owner's file, and a new owner is one more line in each list below. A module's repos query its
 * own tables only (`db/ownership.ts`, docs/architecture.md § Tables and their owners).
 */
import type { UsersTables } from './schema/users.js';
import type { AuthTables } from './schema/auth.js';
import type { LogsTables } from './schema/logs.js';
import type { TasksTables } from './schema/tasks.js';
import type { AppinfoTables } from './schema/appinfo.js';
import type { ArticlesTables } from './schema/articles.js';
import type { RssTables } from './schema/rss.js';
import type { NotesTables } from './schema/notes.js';
import type { WordsTables } from './schema/words.js';
import type { HistoryTables } from './schema/history.js';
import type { MembershipTables } from './schema/membership.js';
import type { CollectionsTables } from './schema/collections.js';
import type { BooksTables } from './schema/books.js';
import type { MagazinesTables } from './schema/magazines.js';
import type { AiTables } from './schema/ai.js';
import type { LearnerTables } from './schema/learner.js';

export type * from './schema/users.js';
export type * from './schema/auth.js';
export type * from './schema/logs.js';
export type * from './schema/tasks.js';
export type * from './schema/appinfo.js';
export type * from './schema/articles.js';
export type * from './schema/rss.js';
export type * from './schema/notes.js';
export type * from './schema/words.js';
export type * from './schema/history.js';
export type * from './schema/membership.js';
export type * from './schema/collections.js';
export type * from './schema/books.js';
export type * from './schema/magazines.js';
export type * from './schema/ai.js';
export type * from './schema/learner.js';

/** Each module that owns tables, and its tables (the module under `modules/`; `tasks` is the job queue's, `jobs/tasks.repo.ts`). */
export interface TablesByModule {
  users: UsersTables;
  auth: AuthTables;
  logs: LogsTables;
  tasks: TasksTables;
  appinfo: AppinfoTables;
  articles: ArticlesTables;
  rss: RssTables;
  notes: NotesTables;
  words: WordsTables;
  history: HistoryTables;
  membership: MembershipTables;
  collections: CollectionsTables;
  books: BooksTables;
  magazines: MagazinesTables;
  ai: AiTables;
  learner: LearnerTables;
}

/** Every table, by name: the union of the modules' tables (one file per owner under schema/). */
export interface Database
  extends
    UsersTables,
    AuthTables,
    LogsTables,
    TasksTables,
    AppinfoTables,
    ArticlesTables,
    RssTables,
    NotesTables,
    WordsTables,
    HistoryTables,
    MembershipTables,
    CollectionsTables,
    BooksTables,
    MagazinesTables,
    AiTables,
    LearnerTables {}
