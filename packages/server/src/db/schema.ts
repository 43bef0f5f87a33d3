/**
 * Table types. Times are ISO 8601 UTC strings on both dialects (text on SQLite,
 * timestamptz on PostgreSQL, read back as ISO by the client's type parser);
 * booleans are 0/1 integers so one query works on both; JSON is text.
 *
 * Each area's tables live in `schema/<area>.ts` with the interface naming them
 * (`ArticlesTables`, …): a new table goes there, and a new area is one more line below.
 */
import type { AccountsTables } from './schema/accounts.js';
import type { SystemTables } from './schema/system.js';
import type { ArticlesTables } from './schema/articles.js';
import type { ReadingTables } from './schema/reading.js';
import type { MembershipTables } from './schema/membership.js';
import type { CollectionsTables } from './schema/collections.js';
import type { BooksTables } from './schema/books.js';
import type { MagazinesTables } from './schema/magazines.js';
import type { AiTables } from './schema/ai.js';
import type { LearnerTables } from './schema/learner.js';

export type * from './schema/accounts.js';
export type * from './schema/system.js';
export type * from './schema/articles.js';
export type * from './schema/reading.js';
export type * from './schema/membership.js';
export type * from './schema/collections.js';
export type * from './schema/books.js';
export type * from './schema/magazines.js';
export type * from './schema/ai.js';
export type * from './schema/learner.js';

/** Every table, by name: the union of the areas' tables (one file per area under schema/). */
export interface Database
  extends
    AccountsTables,
    SystemTables,
    ArticlesTables,
    ReadingTables,
    MembershipTables,
    CollectionsTables,
    BooksTables,
    MagazinesTables,
    AiTables,
    LearnerTables {}
