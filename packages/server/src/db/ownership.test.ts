import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { openSqlite, transaction, type Db } from './client.js';
import { READS_ACROSS, tablesOf } from './ownership.js';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// Never called: these lines are checked by `npm run typecheck`, and each must fail to compile.
export function crossModuleQueriesDoNotCompile(db: Db) {
  const notes = tablesOf(db, 'notes');
  // @ts-expect-error word_book is the words module's table
  void notes.query.selectFrom('word_book').selectAll();
  // @ts-expect-error a join on another module's table is refused as well
  void notes.query.selectFrom('article_notes').innerJoin('articles', 'articles.id', 'article_notes.article_id');
  // @ts-expect-error a declared read names its columns: the others stay unknown
  void notes.query.selectFrom('users').select('password_hash');
  // @ts-expect-error a declared read is read only: no update
  void notes.query.updateTable('users').set({ username: 'x' });
  // @ts-expect-error nor insert
  void notes.query.insertInto('users').values({ id: 1, username: 'x' });
  const articles = tablesOf(db, 'articles');
  // @ts-expect-error articles_seen_at is on the users module's row: articles asks the users service
  void articles.query.updateTable('users').set({ articles_seen_at: '2026-01-01' });
  // @ts-expect-error rss_items is the rss module's
  void articles.query.updateTable('rss_items').set({ article_id: null });
  // @ts-expect-error sms_outbox is the auth module's
  void tablesOf(db, 'users').query.insertInto('sms_outbox');
}

describe('a module handle', () => {
  it('is the database itself outside a transaction and the open transaction inside one', async () => {
    const db = openSqlite(':memory:');
    try {
      const users = tablesOf(db, 'users');
      const root = db.kysely;
      expect(users.query).toBe(root);
      await transaction(db, async () => {
        expect(users.query).not.toBe(root);
        expect(users.query).toBe(db.kysely);
      });
      expect(users.query).toBe(root);
      expect(users.dialect).toBe('sqlite');
    } finally {
      await db.destroy();
    }
  });
});

/** The server's source files (tests excluded), by path from `src/`. */
function sources(dir = SRC): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path.relative(SRC, full)] : [];
  });
}

/** Each module's tables, read from its file under db/schema/ (the interface `…Tables`). */
function tablesByModule(): Map<string, string[]> {
  const dir = path.join(SRC, 'db', 'schema');
  return new Map(
    fs.readdirSync(dir).map((file) => {
      const body = /export interface \w+Tables \{([^}]*)\}/.exec(fs.readFileSync(path.join(dir, file), 'utf8'))?.[1] ?? '';
      return [path.basename(file, '.ts'), [...body.matchAll(/^\s*(\w+):/gm)].map((m) => m[1]!)];
    }),
  );
}

/** The module a source file belongs to, for its queries: `modules/<name>/…`, and the job queue's `tasks`. */
function moduleOf(file: string): string | null {
  const parts = file.split(path.sep);
  if (parts[0] === 'modules') return parts[1]!;
  if (parts[0] === 'jobs') return 'tasks';
  return null;
}

describe('tables and their owners', () => {
  const owners = tablesByModule();
  const files = sources().filter((f) => !f.startsWith(`db${path.sep}`));

  it('gives every table one owner', () => {
    const all = [...owners.values()].flat();
    expect(all.length).toBeGreaterThan(50);
    expect(all.filter((table, i) => all.indexOf(table) !== i)).toEqual([]);
  });

  it('leaves the unscoped builder (db.kysely) to db/: everything else queries through tablesOf', () => {
    const unscoped = files.filter((f) => /\.kysely\b/.test(fs.readFileSync(path.join(SRC, f), 'utf8')));
    expect(unscoped).toEqual([]);
  });

  it("lets a file take only its own module's handle", () => {
    const wrong = files.flatMap((f) =>
      [...fs.readFileSync(path.join(SRC, f), 'utf8').matchAll(/tablesOf\(\s*\w+\s*,\s*'(\w+)'\s*\)/g)]
        .filter((m) => m[1] !== moduleOf(f))
        .map((m) => `${f}: tablesOf(…, '${m[1]}')`),
    );
    expect(wrong).toEqual([]);
  });

  it("names no other module's table in raw SQL, beyond the declared reads", () => {
    const found: string[] = [];
    for (const f of files) {
      const module = moduleOf(f);
      const text = fs.readFileSync(path.join(SRC, f), 'utf8');
      const templates = [...text.matchAll(/sql(?:<[^`]*?>)?`([^`]*)`/g)].map((m) => m[1]!);
      for (const [owner, tables] of owners) {
        if (owner === module) continue;
        for (const table of tables) {
          if (READS_ACROSS.some((r) => r.module === module && r.table === table)) continue;
          const named = new RegExp(`(from|join|into|update|table)\\s+"?${table}\\b|\\b${table}\\.\\w`, 'i');
          if (templates.some((t) => named.test(t))) found.push(`${f}: ${table} (${owner}'s)`);
        }
      }
    }
    expect(found).toEqual([]);
  });

  it('declares each cross-module read once, with its reason, on a table of another module', () => {
    const keys = READS_ACROSS.map((r) => `${r.module}→${r.table}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const read of READS_ACROSS) {
      expect(owners.get(read.module)).not.toContain(read.table);
      expect(read.why.length).toBeGreaterThan(20);
    }
  });
});
