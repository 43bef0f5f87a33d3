// Synthetic data for `npm run bench:growth`: a database grown to `scale` times a small one
// (1×: 1,000 articles, 1,000 readers, 50,000 word-book rows). Everything is deterministic
// (seeded), written straight into the tables after the migrations, in large transactions on
// SQLite (better-sqlite3, one prepared statement per table) and in batches of `unnest` arrays on
// PostgreSQL. What readers do grows with them: per reader and per article the data look the same
// at every scale (a reader's word book, an article's notes, a week's readers per thousand).
import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { openPostgres, openSqlite, type Db } from '../packages/server/src/db/client.js';
import { migrateToLatest } from '../packages/server/src/db/migrate.js';
import { rankWeeks } from '../packages/server/src/db/migrations/2026_11_28_0026_rank_weeks.js';
import { prepareContent } from '../packages/server/src/modules/articles/article-content.js';
import { bodyText, paragraphFromText } from '../packages/server/src/modules/articles/structure.js';
import { openEcdict } from '../packages/server/src/modules/dictionary/ecdict.js';
import { rankedHeadwords } from '../packages/server/src/modules/learner/placement.js';
import { addDays, dayBounds, dayKey, weekStart } from '../packages/server/src/lib/days.js';
import { sql, type Kysely } from 'kysely';
import type { Store } from './server-harness.js';

export const BASE = { articles: 1000, readers: 1000, wordsPerReader: 50, notesPerReader: 5 };
/** Names for the entity look-up, each in a share of the articles that stays the same as they grow. */
export const ENTITY_NAMES = ['New York', 'Geneva', 'Zanzibar'];
/** Search terms: a place, common words, a rare name. */
export const SEARCH_TERMS = ['new york', 'market', 'river', 'zanzibar', 'council budget'];
/** Readers the bench logs in as (ids spread over the table), with their bearer tokens. */
export const SIGNED_IN = 24;

const PARAGRAPHS_PER_ARTICLE = 6;
const POOL = 3000;
const DAY_MS = 86_400_000;

/** A small deterministic generator (LCG), so every run fills the same rows. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => (a = (Math.imul(a, 1664525) + 1013904223) >>> 0) / 4294967296;
}

/**
 * Paragraphs of common words drawn Zipf-like from the dictionary's ranked headwords, about 60
 * words each. Names are woven in at fixed shares of the pool: "New York" in 1 paragraph of 75
 * (~8 % of articles), "Geneva" in 1 of 600 (~1 %), "Zanzibar" in 1 of 3000 (~0.2 %).
 */
function paragraphPool(): { en: string; zh: string | null }[] {
  const words = rankedHeadwords().map((w) => w.word);
  const next = random(7);
  const pick = () => words[Math.min(words.length - 1, Math.floor(1 / Math.max(next(), 1 / words.length)) - 1 + Math.floor(next() * 4))]!;
  const pool: { en: string; zh: string | null }[] = [];
  for (let i = 0; i < POOL; i++) {
    const sentences: string[] = [];
    for (let s = 0; s < 4; s++) {
      const w = Array.from({ length: 12 + Math.floor(next() * 6) }, pick);
      if (s === 1 && i % 75 === 0) w.splice(3, 0, 'in', 'New', 'York');
      if (s === 2 && i % 600 === 5) w.splice(2, 0, 'near', 'Geneva');
      if (s === 0 && i % 3000 === 11) w.splice(4, 0, 'from', 'Zanzibar');
      if (s === 3 && i % 40 === 3) w.splice(1, 0, 'council', 'budget');
      sentences.push(`${w[0]!.charAt(0).toUpperCase()}${w[0]!.slice(1)} ${w.slice(1).join(' ')}.`);
    }
    pool.push({ en: sentences.join(' '), zh: i % 3 === 0 ? '这一段的中文译文。' : null });
  }
  return pool;
}

interface Column {
  name: string;
  /** Its PostgreSQL array element type for `unnest`. */
  pg: 'int' | 'text' | 'timestamptz' | 'real';
}
const cols = (spec: string): Column[] =>
  spec.split(' ').map((s) => {
    const [name, type] = s.split(':');
    return { name: name!, pg: (type ?? 'text') as Column['pg'] };
  });

/** Writes rows into tables as fast as the dialect allows. */
interface Sink {
  insert(table: string, columns: Column[], rows: unknown[][]): Promise<void>;
  exec(text: string): Promise<void>;
  close(): Promise<void>;
}

function sqliteSink(file: string): Sink {
  const database = new SQLite(file);
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = off');
  return {
    async insert(table, columns, rows) {
      const statement = database.prepare(`insert into ${table} (${columns.map((c) => c.name).join(', ')}) values (${columns.map(() => '?').join(', ')})`);
      database.transaction((all: unknown[][]) => {
        for (const row of all) statement.run(...row);
      })(rows);
    },
    async exec(text) {
      database.exec(text);
    },
    async close() {
      database.pragma('wal_checkpoint(TRUNCATE)');
      database.close();
    },
  };
}

async function pgSink(url: string): Promise<Sink> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const BATCH = 5000;
  return {
    async insert(table, columns, rows) {
      const text = `insert into ${table} (${columns.map((c) => c.name).join(', ')}) select * from unnest(${columns
        .map((c, i) => `$${i + 1}::${c.pg}[]`)
        .join(', ')})`;
      for (let at = 0; at < rows.length; at += BATCH) {
        const batch = rows.slice(at, at + BATCH);
        await client.query(
          text,
          columns.map((_, i) => batch.map((r) => r[i])),
        );
      }
    },
    async exec(text) {
      await client.query(text);
    },
    close: () => client.end(),
  };
}

export interface Filled {
  scale: number;
  counts: Record<string, number>;
  seconds: number;
  /** Bearer tokens of readers spread over the table. */
  tokens: string[];
  /** Articles with notes, for the notes call. */
  notedArticles: number[];
  megabytes: number | null;
}

/** Migrates the store's database and fills it at `scale`; `log` hears progress. */
export async function fillStore(store: Store, scale: number, log: (text: string) => void): Promise<Filled> {
  const started = performance.now();
  const file = path.join(store.dataDir, 'changdu.sqlite');
  const db: Db = store.databaseUrl ? openPostgres(store.databaseUrl) : openSqlite(file);
  await migrateToLatest(db);
  await db.destroy();
  const sink = store.databaseUrl ? await pgSink(store.databaseUrl) : sqliteSink(file);
  const counts: Record<string, number> = {};
  const put = async (table: string, columns: Column[], rows: unknown[][]) => {
    await sink.insert(table, columns, rows);
    counts[table] = (counts[table] ?? 0) + rows.length;
  };
  const now = new Date();
  const nowIso = now.toISOString();
  const next = random(scale * 31 + 1);
  try {
    // Readers.
    const readers = BASE.readers * scale;
    const userCols = cols('id:int phone username password_hash role created_at:timestamptz updated_at:timestamptz');
    for (let from = 1; from <= readers; from += 50_000) {
      const rows: unknown[][] = [];
      for (let id = from; id < Math.min(from + 50_000, readers + 1); id++) {
        rows.push([id, `150${String(id).padStart(8, '0')}`, `g_reader_${id}`, 'bench-no-login', 'user', nowIso, nowIso]);
      }
      await put('users', userCols, rows);
    }
    if (store.databaseUrl) await sink.exec(`select setval(pg_get_serial_sequence('users', 'id'), ${readers})`);
    const tokens: string[] = [];
    const tokenRows: unknown[][] = [];
    for (let i = 0; i < SIGNED_IN; i++) {
      const token = randomBytes(24).toString('base64url');
      tokens.push(token);
      const userId = 1 + Math.floor((i * readers) / SIGNED_IN);
      tokenRows.push([userId, createHash('sha256').update(token).digest('hex'), nowIso, new Date(now.getTime() + 30 * DAY_MS).toISOString()]);
    }
    await put('auth_tokens', cols('user_id:int token_hash created_at:timestamptz expires_at:timestamptz'), tokenRows);
    log(`  ${readers} readers`);

    // Articles: six paragraphs from the pool each, published over the last years, one in ten members-only.
    const pool = paragraphPool();
    const dict = openEcdict();
    const prepared = Array.from({ length: 20 }, (_, i) =>
      prepareContent(pool.slice(i * PARAGRAPHS_PER_ARTICLE, (i + 1) * PARAGRAPHS_PER_ARTICLE).map((p) => paragraphFromText('p', p.en, p.zh)), dict),
    );
    dict.close();
    const articles = BASE.articles * scale;
    const articleCols = cols(
      'id:int status title summary source topics content body_text word_count:int level_auto metrics is_lock:int views:int published_at:timestamptz created_at:timestamptz updated_at:timestamptz',
    );
    for (let from = 1; from <= articles; from += 5000) {
      const rows: unknown[][] = [];
      for (let id = from; id < Math.min(from + 5000, articles + 1); id++) {
        const picked = new Set<number>();
        while (picked.size < PARAGRAPHS_PER_ARTICLE) picked.add(Math.floor(next() * POOL));
        const paragraphs = [...picked].map((j) => paragraphFromText('p', pool[j]!.en, pool[j]!.zh));
        const text = bodyText(paragraphs);
        const like = prepared[id % prepared.length]!;
        // Newest last: published ~40 minutes apart at 100×, further apart on smaller databases.
        const published = new Date(now.getTime() - ((articles - id + 1) * 1000 * DAY_MS) / articles).toISOString();
        rows.push([
          id,
          'published',
          `Growth article ${id}`,
          paragraphs[0]!.text.slice(0, 120),
          'Bench',
          '[]',
          JSON.stringify(paragraphs),
          text,
          text.split(/\s+/).length,
          like.level_auto,
          like.metrics,
          id % 10 === 0 ? 1 : 0,
          Math.floor(next() * 500),
          published,
          published,
          published,
        ]);
      }
      await put('articles', articleCols, rows);
      if (from % 20_000 === 1) log(`  articles ${Math.min(from + 4999, articles)}/${articles}`);
    }
    if (store.databaseUrl) await sink.exec(`select setval(pg_get_serial_sequence('articles', 'id'), ${articles})`);

    // Word books: 10–90 headwords a reader (50 on average), distinct per reader.
    const headwords = rankedHeadwords()
      .map((w) => w.word)
      .slice(0, 6000);
    const bookCols = cols('user_id:int word due:timestamptz created_at:timestamptz updated_at:timestamptz state:int reps:int');
    let rows: unknown[][] = [];
    for (let userId = 1; userId <= readers; userId++) {
      const n = 10 + Math.floor(next() * 81);
      const start = Math.floor(next() * headwords.length);
      for (let k = 0; k < n; k++) {
        const added = new Date(now.getTime() - Math.floor(next() * 200) * DAY_MS).toISOString();
        const due = new Date(now.getTime() + Math.floor((next() - 0.3) * 20) * DAY_MS).toISOString();
        // Step 7 through 6,000 words: distinct for up to 857 words a reader.
        rows.push([userId, headwords[(start + k * 7) % headwords.length], due, added, added, k % 4, k % 5]);
      }
      if (rows.length >= 100_000) {
        await put('word_book', bookCols, rows);
        rows = [];
      }
      if (userId % 20_000 === 0) log(`  word books of ${userId}/${readers} readers (${counts.word_book ?? 0} rows)`);
    }
    await put('word_book', bookCols, rows);

    // Notes: five a reader on articles spread evenly, three in ten public.
    const noteCols = cols('user_id:int article_id:int note_uuid text comment root color data is_public:int created_at:timestamptz updated_at:timestamptz');
    rows = [];
    const noted = new Set<number>();
    for (let userId = 1; userId <= readers; userId++) {
      for (let k = 0; k < BASE.notesPerReader; k++) {
        const articleId = 1 + Math.floor(next() * articles);
        if (noted.size < 200) noted.add(articleId);
        rows.push([userId, articleId, `g-${userId}-${k}`, 'a highlighted phrase', k % 2 ? 'my comment' : '', 'p', 'yellow', '{}', k % 10 < 3 ? 1 : 0, nowIso, nowIso]);
      }
      if (rows.length >= 100_000) {
        await put('article_notes', noteCols, rows);
        rows = [];
      }
    }
    await put('article_notes', noteCols, rows);

    // Reading: this week and the three before it, three readers in ten each week, 1–6 articles,
    // 2–40 minutes on an article a day (the rank's cap makes a difference).
    const today = dayKey(now);
    const dayCols = cols('user_id:int article_id:int day seconds:int');
    const historyCols = cols('user_id:int article_id:int spent_time:int is_finish:int first_read_at:timestamptz last_read_at:timestamptz');
    const history = new Map<string, unknown[]>();
    rows = [];
    for (let w = 0; w < 4; w++) {
      const monday = addDays(weekStart(today), -7 * w);
      const days = w === 0 ? Math.max(1, Math.min(7, 1 + Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${monday}T00:00:00Z`)) / DAY_MS))) : 7;
      for (let userId = 1; userId <= readers; userId++) {
        if (next() >= 0.3) continue;
        const n = 1 + Math.floor(next() * 6);
        for (let k = 0; k < n; k++) {
          const articleId = 1 + Math.floor(next() * articles);
          const day = addDays(monday, Math.floor(next() * days));
          const seconds = 120 + Math.floor(next() * 2280);
          rows.push([userId, articleId, day, seconds]);
          const at = dayBounds(day).start;
          history.set(`${userId}:${articleId}`, [userId, articleId, seconds, seconds > 1200 ? 1 : 0, at, at]);
        }
      }
    }
    // One row per reader, article and day (the table's key).
    const seen = new Set<string>();
    rows = rows.filter((r) => {
      const key = `${String(r[0])}:${String(r[1])}:${String(r[2])}`;
      return seen.has(key) ? false : (seen.add(key), true);
    });
    await put('read_article_days', dayCols, rows);
    await put('read_history', historyCols, [...history.values()]);
    await sink.exec(`insert into reading_days (user_id, day, seconds, finished)
      select user_id, day, sum(seconds), sum(case when seconds > 1200 then 1 else 0 end) from read_article_days group by user_id, day`);

    // Reviews this week: one reader in five reviews about 3 % of their cards.
    const reviewAt = store.databaseUrl ? `'${dayBounds(today).start}'::timestamptz` : `'${dayBounds(today).start}'`;
    await sink.exec(`insert into review_logs (entry_id, user_id, rating, state, due, stability, difficulty, elapsed_days,
        last_elapsed_days, scheduled_days, learning_steps, review, spent_ms)
      select id, user_id, 3, state, due, 1, 5, 1, 0, 1, 0, ${reviewAt}, 4000 from word_book where user_id % 5 = 0 and id % 31 = 0`);
    await sink.close();

    // The rank's weekly totals, made from those rows by the migration that introduced them.
    const again: Db = store.databaseUrl ? openPostgres(store.databaseUrl) : openSqlite(file);
    try {
      const raw = again.kysely as unknown as Kysely<unknown>;
      const migration = rankWeeks(again.dialect);
      await migration.down(raw);
      await migration.up(raw);
      // PostgreSQL's autovacuum would vacuum and analyse the new rows within minutes (which also
      // moves the search index's pending entries into the GIN tree: a look-up scans the pending
      // list whole until then); SQLite is left as the server leaves it (it runs no ANALYZE).
      if (store.databaseUrl) await sql`vacuum analyze`.execute(again.kysely);
      for (const table of ['reading_days', 'review_logs', 'reading_weeks', 'review_weeks'] as const) {
        const row = await again.kysely.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
        counts[table] = Number(row.n);
      }
    } finally {
      await again.destroy();
    }
    return {
      scale,
      counts,
      seconds: (performance.now() - started) / 1000,
      tokens,
      notedArticles: [...noted],
      megabytes: null,
    };
  } catch (error) {
    await sink.close().catch(() => undefined);
    throw error;
  }
}
