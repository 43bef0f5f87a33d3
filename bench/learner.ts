// BENCH_ONLY=learner (and the end of a full `npm run bench`): the server time of the known share
// on a page of 20 article cards, for a reader who knows 20,000 headwords, each article 10,000
// word tokens (issue 28's budget: 20 ms). Runs the real services in this process on a SQLite file
// in a temp folder: the three small queries (reader's change counter, word book stamp, article
// versions) and the bit tests, warm; then after the reader's marks change (their set rebuilt);
// then in a fresh service (article sets read back from the table, not made again).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { openSqlite } from '../packages/server/src/db/client.js';
import { migrateToLatest } from '../packages/server/src/db/migrate.js';
import { systemClock } from '../packages/server/src/lib/clock.js';
import { articlesService } from '../packages/server/src/modules/articles/index.js';
import { prepareContent } from '../packages/server/src/modules/articles/article-content.js';
import { articlesRepo } from '../packages/server/src/modules/articles/articles.repo.js';
import { paragraphFromText } from '../packages/server/src/modules/articles/structure.js';
import { dictionaryService, openEcdict } from '../packages/server/src/modules/dictionary/index.js';
import { logsService } from '../packages/server/src/modules/logs/index.js';
import { learnerService } from '../packages/server/src/modules/learner/index.js';
import { rankedHeadwords } from '../packages/server/src/modules/learner/placement.js';
import { wordsService } from '../packages/server/src/modules/words/index.js';
import { usersRepo } from '../packages/server/src/modules/users/users.repo.js';
import { usersService } from '../packages/server/src/modules/users/index.js';

const CARDS = 20;
const TOKENS = 10_000;
const KNOWN = 20_000;
const RUNS = Number(process.env.BENCH_LEARNER_RUNS ?? 200);
const BUDGET_MS = 20;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)]!;
const log = (text: string) => process.stderr.write(`${text}\n`);

/** A deterministic text of `tokens` words drawn Zipf-like from the ranked headwords (common words far more often). */
function longText(pool: readonly string[], tokens: number, seed: number): string[] {
  let a = seed;
  const next = () => (a = (Math.imul(a, 1664525) + 1013904223) >>> 0) / 4294967296;
  const paragraphs: string[] = [];
  let sentence: string[] = [];
  let paragraph: string[] = [];
  for (let i = 0; i < tokens; i++) {
    // Rank ~ 1/u: most tokens are common words, a long tail reaches the rare ones.
    const rank = Math.min(pool.length - 1, Math.floor(1 / Math.max(next(), 1 / pool.length)) - 1 + Math.floor(next() * 3));
    sentence.push(pool[rank]!);
    if (sentence.length === 15) {
      paragraph.push(`${sentence.join(' ')}.`);
      sentence = [];
      if (paragraph.length === 6) {
        paragraphs.push(paragraph.join(' '));
        paragraph = [];
      }
    }
  }
  if (sentence.length) paragraph.push(`${sentence.join(' ')}.`);
  if (paragraph.length) paragraphs.push(paragraph.join(' '));
  return paragraphs;
}

export async function learnerBench(): Promise<{ warm: number; changed: number; fresh: number }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'changdu-bench-learner-'));
  const db = openSqlite(path.join(dir, 'bench.db'));
  const dict = openEcdict();
  try {
    await migrateToLatest(db);
    const clock = systemClock;
    const now = clock.now().toISOString();
    const pool = rankedHeadwords();
    const words = pool.map((w) => w.word);
    log(`learner bench: ${CARDS} articles of ${TOKENS} tokens, a reader knowing ${KNOWN} headwords…`);
    const ids: number[] = [];
    for (let i = 0; i < CARDS; i++) {
      const paragraphs = longText(words, TOKENS, i + 1).map((p) => paragraphFromText('p', p, null));
      const id = await articlesRepo(db).create({
        status: 'published',
        title: `Long article ${i + 1}`,
        title_zh: null,
        author_id: null,
        source: 'bench',
        topics: [],
        ...prepareContent(paragraphs, dict),
        level_override: null,
        is_lock: 0,
        views: 0,
        published_at: now,
        now,
      });
      ids.push(id);
    }
    const user = await usersRepo(db).insert({ phone: '13900000001', username: 'bench_reader', password_hash: 'x', role: 'user', now });

    const build = () => {
      const articles = articlesService(db, clock, { users: usersService(db, clock), visitors: logsService(db, clock) });
      const dictionary = dictionaryService(dict, { inWordBook: async () => false, recordLookup: () => undefined });
      const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
      const book = wordsService(db, clock, { dict, dictionary, articles, events: null, log: quiet });
      return learnerService({ db, clock, dict, dictionary, articles, words: book, ranked: () => pool });
    };
    let learner = build();
    // The reader knows the 20,000 most common headwords (an imported list, 2,000 a call).
    const known = words.slice(0, KNOWN);
    for (let i = 0; i < known.length; i += 2000) await learner.mark(user.id, known.slice(i, i + 2000), 'known');

    const first = performance.now();
    const shares = await learner.knownShares(user.id, ids);
    // (A card list makes at most a few per request; here all at once, to time them.)
    log(`  first page (makes ${CARDS} article sets, once per article version): ${(performance.now() - first).toFixed(0)} ms`);
    const pcts = [...shares.values()].map((v) => v ?? NaN);
    log(`  known shares: ${Math.min(...pcts)}–${Math.max(...pcts)} %`);

    const time = async (runs: number, before?: (i: number) => Promise<void>) => {
      const times: number[] = [];
      for (let i = 0; i < runs; i++) {
        if (before) await before(i);
        const t0 = performance.now();
        await learner.knownShares(user.id, ids);
        times.push(performance.now() - t0);
      }
      return times;
    };
    await time(20);
    const warm = await time(RUNS);
    // A mark between pages: applied to this process's set in place (another process rebuilds it: "new process").
    const changed = await time(Math.min(RUNS, 30), (i) => learner.mark(user.id, [words[KNOWN + i]!], 'known').then(() => undefined));
    // A new process: article sets come back from the table, the reader's set is rebuilt.
    const fresh: number[] = [];
    for (let i = 0; i < 10; i++) {
      learner = build();
      const t0 = performance.now();
      await learner.knownShares(user.id, ids);
      fresh.push(performance.now() - t0);
    }
    const result = { warm: median(warm), changed: median(changed), fresh: median(fresh) };
    console.log(`\nKnown share of a page of ${CARDS} cards (${TOKENS}-token articles, reader knowing ${KNOWN} words), server time:`);
    console.log(
      `  warm (the usual page)          median ${result.warm.toFixed(2)} ms, p95 ${p95(warm).toFixed(2)} ms (budget ${BUDGET_MS} ms)`,
    );
    console.log(`  after a mark (applied in place) median ${result.changed.toFixed(2)} ms`);
    console.log(`  new process (sets from table)  median ${result.fresh.toFixed(2)} ms`);
    return result;
  } finally {
    await db.kysely.destroy();
    dict.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
