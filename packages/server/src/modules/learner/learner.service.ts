import type { LearnerArticle, LearnerProfile, LearnerWordStatus, Paragraph } from '@changdu/contract';
import { LRUCache } from 'lru-cache';
import { transaction, type Db } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import type { Clock } from '../../lib/clock.js';
import { dayKey } from '../../lib/days.js';
import { Invalid, NotFound } from '../../lib/errors.js';
import { visibleParagraphs, type ArticlesService } from '../articles/index.js';
import { corpusRank, functionWord, type DictionaryService, type Ecdict } from '../dictionary/index.js';
import type { WordsService } from '../words/index.js';
import { analyseArticle, decodeWords, encodeWords, isCurrentSet, type HeadwordCount } from './article-words.js';
import { learnerRepo } from './learner.repo.js';
import { placementItems, rankedHeadwords, score, type RankedWord } from './placement.js';
import { Bitset, shares, WordIds, type ArticleWords, type ReaderSet } from './word-sets.js';

/** A card whose FSRS stability reaches 90 days has graduated: the reader knows the word. */
export const GRADUATED_DAYS = 90;
const NEW_WORDS_SHOWN = 20;
/** A sweep without ids looks at this many of the newest published articles (older ones are made at first use). */
const RECENT_SWEPT = 500;
/** Fewer real words answered than this says too little to estimate from. */
const MIN_REAL_ANSWERS = 12;
/** Above this rate of "yes" to pseudo-words, the reader's own yes answers are not taken as known. */
const TRUSTED_FALSE_ALARMS = 0.25;

export type ArticlePart = 'full' | 'preview';

export interface LearnerDeps {
  db: Db;
  clock: Clock;
  dict: Ecdict;
  dictionary: Pick<DictionaryService, 'senses'>;
  articles: Pick<ArticlesService, 'readable' | 'versions' | 'recentPublishedIds'>;
  words: Pick<WordsService, 'stabilities' | 'bookStamp'>;
  /** The placement pool (ranked headwords); read from ECDICT at first use when not given. */
  ranked?: () => readonly RankedWord[];
}

interface CachedReader {
  key: string;
  set: ReaderSet;
}

const ANONYMOUS: Actor = { kind: 'anonymous', role: 'anonymous' };

/** Word status per reader, known shares of articles, the placement test (docs/learner.md). */
export function learnerService(deps: LearnerDeps) {
  const { db, clock, dict, dictionary, articles, words } = deps;
  const repo = learnerRepo(db);
  const ids = new WordIds();
  const readers = new LRUCache<number, CachedReader>({ max: 2000 });
  // Ids and counts only (8 bytes a headword); the words with their sentences are read again when a panel needs them.
  const articleSets = new LRUCache<string, ArticleWords>({
    maxSize: 32 * 1024 * 1024,
    sizeCalculation: (a) => a.ids.byteLength + a.counts.byteLength + 64,
  });
  let pool: readonly RankedWord[] | null = null;
  const rankedPool = () => (pool ??= deps.ranked ? deps.ranked() : rankedHeadwords());

  /** The headword of a form as the dictionary knows it (mice → mouse), or null. */
  function headwordOf(word: string): string | null {
    const entry = dict.lemma(word.toLowerCase().replace(/’/g, "'"));
    return entry && /^[a-z][^\s]*$/i.test(entry.word) ? entry.word.toLowerCase() : null;
  }

  /** The reader's known, learning and ignored sets, rebuilt when their marks or word book change. */
  async function readerSet(userId: number): Promise<ReaderSet> {
    const [version, stamp] = await Promise.all([repo.wordsVersion(userId), words.bookStamp(userId)]);
    const key = `${version}|${stamp}`;
    const cached = readers.get(userId);
    if (cached?.key === key) return cached.set;
    const [marks, book] = await Promise.all([repo.marks(userId), words.stabilities(userId)]);
    const markIds = marks.map((m) => ({ id: ids.idOf(m.word), status: m.status }));
    const bookIds = book.map((b) => ({ id: ids.idOf(b.word), graduated: Number(b.stability) >= GRADUATED_DAYS }));
    const set: ReaderSet = { known: new Bitset(ids.size), learning: new Bitset(ids.size), ignored: new Bitset(ids.size) };
    for (const m of markIds) if (m.status === 'ignored') set.ignored.add(m.id);
    for (const b of bookIds) if (!b.graduated && !set.ignored.has(b.id)) set.learning.add(b.id);
    const knownIds = [
      ...markIds.filter((m) => m.status === 'known').map((m) => m.id),
      ...bookIds.filter((b) => b.graduated).map((b) => b.id),
    ];
    for (const id of knownIds) if (!set.learning.has(id) && !set.ignored.has(id)) set.known.add(id);
    readers.set(userId, { key, set });
    return set;
  }

  function toSet(version: number, tokens: number, list: readonly HeadwordCount[]): ArticleWords {
    const pairs = list.map((w) => [ids.idOf(w.word), w.count] as const).sort((a, b) => a[0] - b[0]);
    return { version, tokens, ids: Uint32Array.from(pairs, (p) => p[0]), counts: Uint32Array.from(pairs, (p) => p[1]) };
  }

  /** The headword counts of one part of an article at this version: stored, or made now and stored. */
  async function analysis(id: number, version: number, part: ArticlePart, paragraphs: () => Promise<readonly Paragraph[]>) {
    const [stored] = await repo.articleWords([id], part);
    if (stored && Number(stored.version) === version && isCurrentSet(stored.words))
      return { tokens: Number(stored.tokens), words: decodeWords(stored.words) };
    const made = analyseArticle(await paragraphs(), dict);
    await repo.saveArticleWords({ article_id: id, part, version, tokens: made.tokens, words: encodeWords(made.words) });
    return made;
  }

  /**
   * Full-text headword sets of these articles (in the order given: a list's first cards first) at
   * these versions: memory, then one query, then made, at most `makeAtMost` of them.
   */
  async function fullSets(order: readonly number[], versions: Map<number, number>, makeAtMost: number): Promise<Map<number, ArticleWords>> {
    const found = new Map<number, ArticleWords>();
    const missing: number[] = [];
    for (const id of new Set(order)) {
      const version = versions.get(id);
      if (version === undefined) continue;
      const hit = articleSets.get(`${id}:full`);
      if (hit?.version === version) found.set(id, hit);
      else missing.push(id);
    }
    if (missing.length === 0) return found;
    const stale: number[] = [];
    const rows = new Map((await repo.articleWords(missing, 'full')).map((r) => [r.article_id, r]));
    for (const id of missing) {
      const row = rows.get(id);
      const version = versions.get(id)!;
      if (row && Number(row.version) === version && isCurrentSet(row.words)) {
        const set = toSet(version, Number(row.tokens), decodeWords(row.words));
        articleSets.set(`${id}:full`, set);
        found.set(id, set);
      } else stale.push(id);
    }
    for (const id of stale.slice(0, makeAtMost)) {
      const version = versions.get(id)!;
      let made;
      try {
        made = await analysis(id, version, 'full', async () => visibleParagraphs((await articles.readable(ANONYMOUS, id)).row, true));
      } catch (error) {
        // An article a reader may not open (a draft on a manager's list) has no share to show.
        if (error instanceof NotFound) continue;
        throw error;
      }
      const set = toSet(version, made.tokens, made.words);
      articleSets.set(`${id}:full`, set);
      found.set(id, set);
    }
    return found;
  }

  /**
   * The reader's known share (0–100) of each article, null where there is none (nothing counted,
   * or not made yet beyond `makeAtMost` new analyses). Three small queries and bit tests: the
   * reader's change counter, the word book's stamp and the articles' versions.
   */
  async function knownShares(userId: number, articleIds: readonly number[], makeAtMost = Infinity): Promise<Map<number, number | null>> {
    const out = new Map<number, number | null>();
    if (articleIds.length === 0) return out;
    const [reader, versions] = await Promise.all([readerSet(userId), articles.versions(articleIds)]);
    const sets = await fullSets(articleIds, versions, makeAtMost);
    for (const id of articleIds) {
      const set = sets.get(id);
      out.set(id, set ? (shares(set, reader)?.known ?? null) : null);
    }
    return out;
  }

  /** The article as this reader may read it: its part, and the headword counts of that part. */
  async function readableAnalysis(actor: Actor, articleId: number) {
    const { row, full } = await articles.readable(actor, articleId);
    const part: ArticlePart = row.is_lock === 1 && !full ? 'preview' : 'full';
    const paragraphs = visibleParagraphs(row, full);
    const made = await analysis(articleId, Number(row.version), part, () => Promise.resolve(paragraphs));
    return { paragraphs, ...made, version: Number(row.version) };
  }

  /** A headword the reader has yet to learn. Function words (by the tagger or the dictionary's list) count toward the share but are learned by reading, not from a list or a mark. */
  function isNew(w: HeadwordCount, reader: ReaderSet): boolean {
    const id = ids.idOf(w.word);
    return !reader.known.has(id) && !reader.learning.has(id) && !reader.ignored.has(id) && !w.closed && !functionWord(w.word);
  }

  function worth(w: HeadwordCount): { rank: number | null; score: number } {
    const entry = dict.lookup(w.word);
    const rank = entry ? corpusRank(entry) : null;
    // Frequent in this article and common in English first: a word met often in both pays back soonest.
    const common = rank === null ? 0 : Math.max(0, 1 - rank / 20000);
    return { rank, score: w.count * (1 + 2 * common) };
  }

  function meaningOf(w: HeadwordCount, sentence: string | null): string | null {
    const senses = dictionary.senses(w.form, sentence ?? undefined) ?? dictionary.senses(w.word, undefined);
    const first = senses?.meanings[0];
    return first ? `${first.pos ? `${first.pos} ` : ''}${first.text}` : null;
  }

  /**
   * Runs a change of the reader's marks and raises their change counter. When this process holds
   * the reader's set as it was just before (counter one lower), words that only became known or
   * ignored are applied to it in place: the next page needs no rebuild of 20,000 rows. Any other
   * process (or a change back to new) rebuilds from the tables when it sees the new counter.
   */
  async function changed(userId: number, work: () => Promise<{ n: number; words: readonly string[]; status: LearnerWordStatus }>) {
    const before = await repo.wordsVersion(userId);
    const {
      n,
      words: touched,
      status,
      version,
    } = await transaction(db, async () => {
      const done = await work();
      return { ...done, version: done.n > 0 ? await repo.bumpVersion(userId) : before };
    });
    const cached = readers.get(userId);
    if (n > 0 && cached) {
      const [was, stamp] = cached.key.split('|');
      if (status !== 'new' && Number(was) === before && version === before + 1) {
        const set = cached.set;
        for (const word of touched) {
          const id = ids.idOf(word);
          if (status === 'ignored') {
            set.known.delete(id);
            set.learning.delete(id);
            set.ignored.add(id);
          } else if (!set.learning.has(id) && !set.ignored.has(id)) set.known.add(id);
        }
        readers.set(userId, { key: `${version}|${stamp}`, set });
      } else readers.delete(userId);
    }
    return n;
  }

  return {
    knownShares,

    /**
     * Makes the sets of these published articles (or of the most recently published) that are
     * missing or older than the article: at ingest, so neither a list nor a reader waits for them.
     * A members-only article also gets the set of the part a non-member reads.
     */
    async makeSets(articleIds?: readonly number[]): Promise<{ made: number }> {
      const list = articleIds ?? (await articles.recentPublishedIds(RECENT_SWEPT));
      const [versions, stored] = await Promise.all([articles.versions(list), repo.storedVersions(list, 'full')]);
      const current = new Set(
        stored.filter((r) => Number(r.version) === versions.get(r.article_id) && isCurrentSet(r.head)).map((r) => r.article_id),
      );
      let made = 0;
      for (const id of list) {
        const version = versions.get(id);
        if (version === undefined || current.has(id)) continue;
        let row;
        try {
          ({ row } = await articles.readable(ANONYMOUS, id));
        } catch (error) {
          // A draft, or gone since: there is nothing readers see to count.
          if (error instanceof NotFound) continue;
          throw error;
        }
        const at = Number(row.version);
        const full = await analysis(id, at, 'full', () => Promise.resolve(visibleParagraphs(row, true)));
        articleSets.set(`${id}:full`, toSet(at, full.tokens, full.words));
        if (row.is_lock === 1) await analysis(id, at, 'preview', () => Promise.resolve(visibleParagraphs(row, false)));
        made += 1;
      }
      return { made };
    },

    async profile(userId: number): Promise<LearnerProfile> {
      const [set, estimate, times] = await Promise.all([readerSet(userId), repo.latestEstimate(userId), repo.knownTimes(userId)]);
      const byDay = new Map<string, number>();
      let running = 0;
      for (const t of times) byDay.set(dayKey(new Date(t)), (running += 1));
      return {
        known_words: set.known.count,
        learning_words: set.learning.count,
        vocabulary_estimate: estimate ? Number(estimate.estimate) : null,
        level: estimate?.level ?? null,
        estimated_at: estimate ? new Date(estimate.created_at).toISOString() : null,
        known_by_day: [...byDay].slice(-90).map(([day, known]) => ({ day, known })),
      };
    },

    /** Marks headwords known or ignored, or back to new; forms resolve to headwords, words the dictionary lacks are skipped. */
    async mark(userId: number, list: readonly string[], status: LearnerWordStatus): Promise<{ changed: number }> {
      const headwords = [...new Set(list.map(headwordOf).filter((w): w is string => w !== null))];
      if (headwords.length === 0) {
        throw new Invalid(list.length === 1 ? `词典里没有找到“${list[0]}”` : '词典里没有找到这些单词，请检查拼写');
      }
      const n = await changed(userId, async () => {
        if (status === 'new') return { n: await repo.remove(userId, headwords), words: headwords, status };
        const existing = new Map((await repo.marksOf(userId, headwords)).map((m) => [m.word, m.status]));
        const toChange = headwords.filter((w) => existing.get(w) !== status);
        await repo.upsert(userId, toChange, status, list.length > 1 ? 'import' : 'hand', clock.now().toISOString());
        return { n: toChange.length, words: toChange, status };
      });
      return { changed: n };
    },

    async article(actor: Extract<Actor, { kind: 'user' }>, articleId: number): Promise<LearnerArticle> {
      const [found, reader] = await Promise.all([readableAnalysis(actor, articleId), readerSet(actor.user.id)]);
      const set = toSet(found.version, found.tokens, found.words);
      const share = shares(set, reader);
      const sentences = new Map(found.paragraphs.flatMap((p) => p.sentences.map((s) => [s.id, s.text] as const)));
      const counted = found.words.filter((w) => !reader.ignored.has(ids.idOf(w.word)));
      const fresh = counted
        .filter((w) => isNew(w, reader))
        .map((w) => ({ w, ...worth(w) }))
        .sort((a, b) => b.score - a.score || a.w.word.localeCompare(b.w.word))
        .slice(0, NEW_WORDS_SHOWN);
      return {
        article_id: articleId,
        tokens: share?.counted ?? 0,
        unique_words: counted.length,
        known_pct: share?.known ?? 0,
        learning_pct: share?.learning ?? 0,
        new_words: fresh.map(({ w, rank }) => {
          const sentence = sentences.get(w.sentence) ?? null;
          return { word: w.word, count: w.count, meaning: meaningOf(w, sentence), sentence, rank };
        }),
      };
    },

    /** The forms in the text (the part the reader may read) of the headwords new to the reader: what the reader underlines. */
    async articleMarks(actor: Extract<Actor, { kind: 'user' }>, articleId: number): Promise<{ article_id: number; new_forms: string[] }> {
      const [found, reader] = await Promise.all([readableAnalysis(actor, articleId), readerSet(actor.user.id)]);
      const forms = found.words.filter((w) => isNew(w, reader)).flatMap((w) => w.forms);
      return { article_id: articleId, new_forms: [...new Set(forms)].sort() };
    },

    /** "I know the rest": every headword of the article (the part the reader may read) not in the word book becomes known. */
    async articleKnown(actor: Extract<Actor, { kind: 'user' }>, articleId: number): Promise<{ changed: number }> {
      const userId = actor.user.id;
      const found = await readableAnalysis(actor, articleId);
      const book = new Set((await words.stabilities(userId)).map((b) => b.word));
      const candidates = found.words.map((w) => w.word).filter((w) => !book.has(w));
      const n = await changed(userId, async () => {
        const marked = new Set((await repo.marksOf(userId, candidates)).map((m) => m.word));
        const unmarked = candidates.filter((w) => !marked.has(w));
        await repo.insertMissing(userId, unmarked, 'known', 'article', clock.now().toISOString());
        return { n: unmarked.length, words: unmarked, status: 'known' as const };
      });
      return { changed: n };
    },

    /** A test's items; a retake (one more estimate on record) gets other words. */
    async placement(userId: number): Promise<{ items: { word: string }[] }> {
      const seed = Math.imul(userId, 7919) + (await repo.estimateCount(userId));
      return { items: placementItems(rankedPool(), seed, dict).map((word) => ({ word })) };
    },

    /**
     * Scores a test: a word the dictionary lacks is a pseudo-word; a real one counts in its
     * frequency band (answers outside the test's pool are left out). Marks every pooled headword
     * up to the reader's level known (replacing an earlier test's marks) and keeps the estimate.
     */
    async placementAnswer(userId: number, answers: readonly { word: string; known: boolean }[]) {
      const pooled = rankedPool();
      const rankOf = new Map(pooled.map((w) => [w.word, w.rank]));
      const scored = answers.flatMap((a): { word: string; rank: number | null; known: boolean }[] => {
        const word = a.word.toLowerCase();
        if (!dict.lookup(word) && !dict.lemma(word)) return [{ word, rank: null, known: a.known }];
        const rank = rankOf.get(word);
        return rank === undefined ? [] : [{ word, rank, known: a.known }];
      });
      if (scored.filter((a) => a.rank !== null).length < MIN_REAL_ANSWERS) throw new Invalid('答题太少，无法估计词汇量，请完成全部题目');
      const result = score(scored, pooled);
      const yes = result.falseAlarms <= TRUSTED_FALSE_ALARMS ? scored.filter((a) => a.rank !== null && a.known).map((a) => a.word) : [];
      const known = [...new Set([...pooled.filter((w) => w.rank <= result.knownUpTo).map((w) => w.word), ...yes])];
      const at = clock.now().toISOString();
      await transaction(db, async () => {
        await repo.removeBySource(userId, 'placement');
        await repo.insertMissing(userId, known, 'known', 'placement', at);
        await repo.addEstimate(userId, result.estimate, result.level, at);
        await repo.bumpVersion(userId);
      });
      // An earlier test's marks went: this reader's set is made again from the tables.
      readers.delete(userId);
      return { vocabulary_estimate: result.estimate, level: result.level };
    },
  };
}

export type LearnerService = ReturnType<typeof learnerService>;
