import type { ColumnType, Kysely, SelectType } from 'kysely';
import type { Db, Dialect } from './client.js';
import type { Database, TablesByModule } from './schema.js';

/** A module that owns tables (`schema/<module>.ts`). */
export type Owner = keyof TablesByModule;

/**
 * The reads of another module's table that a module may make, each with its reason: the only
 * exceptions to "a module queries its own tables" (docs/architecture.md § Tables and their
 * owners). Each names the columns read; through `tablesOf` they can be selected, joined and
 * filtered on, never inserted or updated (`ReadOnly` below).
 */
export const READS_ACROSS = [
  {
    module: 'articles',
    table: 'users',
    columns: ['id', 'username'],
    why: "an article's change history names each editor: the history is one query of up to 200 events",
  },
  {
    module: 'notes',
    table: 'users',
    columns: ['id', 'username'],
    why: "notes and public highlights show their writer: an article's highlights are listed on its page in one query",
  },
  {
    module: 'logs',
    table: 'users',
    columns: ['id', 'username'],
    why: "the visitors list names the visitor's account: one query per page",
  },
  {
    module: 'ai',
    table: 'articles',
    columns: ['id', 'title'],
    why: "a reader's AI asks show the article each was asked on: one query per page of asks",
  },
  {
    module: 'words',
    table: 'articles',
    columns: ['id', 'title'],
    why: "a word's contexts show the article each sentence came from: one query per word",
  },
  {
    module: 'rss',
    table: 'articles',
    columns: ['id', 'status'],
    why: "a feed's items show whether the article made of each is published: one query per page of items",
  },
  {
    module: 'magazines',
    table: 'articles',
    columns: ['id', 'status'],
    why: "the magazines list counts each magazine's published articles in the same query",
  },
] as const satisfies readonly ReadAcross[];

interface ReadAcross {
  readonly module: Owner;
  readonly table: keyof Database;
  readonly columns: readonly string[];
  readonly why: string;
}

type Read = (typeof READS_ACROSS)[number];

declare const _unwritable: unique symbol;
/** No value has this type, so a row holding a column of it cannot be written by an insert. */
type Unwritable = typeof _unwritable;

/**
 * A table's columns as read only: selectable, never inserted (an insert must give every column a
 * value no one can make) nor updated (`never`: a `set` cannot name them). Deleting rows still
 * compiles, as Kysely's types know no columns in a delete: a declared read is reviewed as such.
 */
type ReadOnly<Table, Column extends keyof Table> = { [C in Column]: ColumnType<SelectType<Table[C]>, Unwritable, never> };

/** The other modules' tables (their declared columns, read only) that `M` may read. */
type ReadsOf<M extends Owner> = {
  [R in Extract<Read, { module: M }> as R['table']]: ReadOnly<Database[R['table']], R['columns'][number] & keyof Database[R['table']]>;
};

/** The tables a module's queries know: its own, and the declared reads of others'. */
export type TablesOf<M extends Owner> = TablesByModule[M] & ReadsOf<M>;

/** A module's handle on the database: its queries compile against its own tables only. */
export interface ModuleDb<M extends Owner> {
  /** The query builder (inside `transaction()`, that transaction's), knowing only `M`'s tables. */
  readonly query: Kysely<TablesOf<M>>;
  readonly dialect: Dialect;
}

/**
 * `module`'s handle on `db`: the same connection and the same transaction (the builder is read
 * from `db` at each use, `db/client.ts#transaction`), typed so that a query on another module's
 * table does not compile. Repos query through it only: `.kysely` outside `db/` is a lint error.
 */
export function tablesOf<M extends Owner>(db: Db, module: M): ModuleDb<M> {
  void module; // named for the reader and for ownership.test.ts, which checks it is the repo's own module
  return {
    get query() {
      // The same builder, seen through a narrower table map: Kysely's types are its only check of table names.
      return db.kysely as unknown as Kysely<TablesOf<M>>;
    },
    dialect: db.dialect,
  };
}
