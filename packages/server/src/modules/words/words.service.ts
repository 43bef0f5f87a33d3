import { cardStates, ratingLabels, type Paragraph } from '@changdu/contract';
import type { Grade } from 'ts-fsrs';
import { transaction, type Db } from '../../db/client.js';
import type { UserActor } from '../../lib/actor.js';
import { Invalid, NotFound } from '../../lib/errors.js';
import { DAY, type Clock } from '../../lib/clock.js';
import { pageOf } from '../../lib/page.js';
import { parseParagraphs, type ArticlesService } from '../articles/index.js';
import type { DictionaryService } from '../dictionary/index.js';
import { ecdictToIpa, lineItems, meaningsOf } from '../dictionary/index.js';
import type { Ecdict } from '../dictionary/index.js';
import { analyse } from '../dictionary/index.js';
import { dayBounds, dayKey, streaks, weekStart } from '../../lib/days.js';
import { readersAbove, type WeekStanding } from '../../lib/week-standing.js';
import { cardFields, newCard, preview, review, stateName, toCard, type CardRow } from './scheduler.js';
import { wordsRepo, type WordOrder } from './words.repo.js';
import { WordBookSets } from './word-book-sets.js';
import type { EventBus, EventLog } from '../../providers/events/index.js';

const PAGE = 20;

/** A meaning line as the word book shows it: "v. 放弃" (the part of speech first when there is one). */
const meaningText = (m: { pos: string | null; text: string }) => `${m.pos ? `${m.pos} ` : ''}${m.text}`;
const DOUBLE_TAP_MS = 3000;

type ContextRow = Awaited<ReturnType<ReturnType<typeof wordsRepo>['contexts']>>[number];

function toContext(c: ContextRow) {
  return {
    form: c.form,
    sentence: c.sentence,
    article_id: c.article_id,
    article_title: c.article_title ?? null,
    source: c.source,
    created_at: c.created_at,
  };
}
const CONTEXTS_ON_CARD = 3;

/** The word book: headwords with their context sentences, scheduled by FSRS; each user sees only their own. */

export interface WordsDeps {
  dict: Ecdict;
  /** Only headword resolution is used here; lookups are the dictionary's own. */
  dictionary: Pick<DictionaryService, 'headword' | 'lookup'>;
  articles: Pick<ArticlesService, 'readable' | 'assertOpenable' | 'cards'>;
  /** Tells the other processes a reader's word book changed; null: this process is the only one. */
  events: EventBus | null;
  log: EventLog;
}

export function wordsService(db: Db, clock: Clock, { dict, dictionary, articles, events, log }: WordsDeps) {
  const repo = wordsRepo(db);
  const sets = new WordBookSets({
    headwords: (userId) => repo.headwords(userId),
    hasWord: async (userId, word) => Boolean(await repo.byWord(userId, word)),
    events,
    log,
  });

  async function inParagraphs(userId: number, paragraphs: readonly Paragraph[], offset: number, size: number) {
    const forms = new Map<string, Set<string>>();
    for (const p of paragraphs) {
      for (const token of analyse(p.text)) {
        if (!/^[a-z]/i.test(token.text)) continue;
        const surface = token.text.toLowerCase();
        for (const key of new Set([token.lemma, dict.lemma(surface)?.word.toLowerCase() ?? surface, surface])) {
          if (!forms.has(key)) forms.set(key, new Set());
          forms.get(key)!.add(surface);
        }
      }
    }
    const rows = await repo.withWords(userId, [...forms.keys()]);
    const page = rows.slice(offset, offset + size + 1);
    const list = (await cards(page)).map((c) => ({ ...c, forms: [...(forms.get(c.word) ?? [])] }));
    return pageOf(list, offset, size);
  }

  /** The dictionary's Chinese lines of a card's headword, as "pos text" strings, general ones first. */
  function dictionaryMeanings(word: string): string[] {
    const entry = dict.lookup(word);
    const lines = entry ? meaningsOf(entry).map(meaningText) : [];
    return [...lines.filter((l) => !l.startsWith('[')), ...lines.filter((l) => l.startsWith('['))];
  }

  function item(row: CardRow) {
    const entry = dict.lookup(row.word);
    return {
      id: row.id,
      word: row.word,
      phonetic: entry?.phonetic ? ecdictToIpa(entry.phonetic) : null,
      // The meaning the sheet showed when the card was added; older cards fall back to the dictionary's first.
      meaning: row.meaning ?? dictionaryMeanings(row.word)[0] ?? null,
      state: stateName(row.state),
      due: row.due,
      reps: row.reps,
      lapses: row.lapses,
      last_review: row.last_review,
      created_at: row.created_at,
    };
  }

  /**
   * Context sentences, naming their article only while it is open to readers. An article
   * withdrawn or set back to draft after a word was saved from it keeps the sentence but
   * loses its title and id here (issue 9: the IDOR sweep found a retitled draft's title in
   * the word book). Whether it is open comes from the one article policy (`cards`); the word
   * book is the same for every role, so it is asked for a reader.
   */
  async function contextsOf(entryIds: number[]) {
    const rows = await repo.contexts(entryIds);
    const articleIds = [...new Set(rows.flatMap((r) => (r.article_id === null ? [] : [r.article_id])))];
    const open = articleIds.length ? await articles.cards(articleIds, 'user') : new Map<number, unknown>();
    return rows.map((r) => (r.article_id !== null && !open.has(r.article_id) ? { ...r, article_id: null, article_title: null } : r));
  }

  async function cards(rows: CardRow[]) {
    const now = clock.now();
    const contexts = await contextsOf(rows.map((r) => r.id));
    return rows.map((row) => {
      const card = item(row);
      return {
        ...card,
        // The card's back folds these under the kept meaning.
        other_meanings: dictionaryMeanings(row.word).filter((m) => m !== card.meaning),
        contexts: contexts
          .filter((c) => c.entry_id === row.id)
          .slice(0, CONTEXTS_ON_CARD)
          .map(toContext),
        intervals: preview(toCard(row), now),
      };
    });
  }

  async function owned(userId: number, id: number) {
    const row = await repo.byId(userId, id);
    if (!row) throw new NotFound('生词本里没有这张卡片');
    return row;
  }

  return {
    /** True when the reader has this headword (the dictionary marks it): from the reader's kept set when there is one. */
    has: (userId: number, word: string) => sets.has(userId, word),
    /** Stops listening for other processes' changes (the process is stopping). */
    close: () => sets.close(),
    addedBetween: (userId: number, start: string, end: string) => repo.addedBetween(userId, start, end),
    /** The reader's headwords with their FSRS stability in days (the learner module tells learning from graduated). */
    stabilities: (userId: number) => repo.stabilities(userId),
    /** A value that changes whenever the reader's word book does (cache key for what is derived from it). */
    bookStamp: (userId: number) => repo.stamp(userId),
    /**
     * For the weekly rank: distinct cards reviewed in the week starting `monday` (a card reviewed
     * twice counts once), the `limit` leaders and `userId`'s value with how many readers have more.
     */
    async reviewWeekStanding(monday: string, userId: number, limit: number): Promise<WeekStanding> {
      const [leaders, value] = await Promise.all([
        limit > 0 ? repo.reviewWeekLeaders(monday, limit) : [],
        repo.reviewWeekValue(monday, userId),
      ]);
      const top = leaders.map((r) => ({ user_id: Number(r.user_id), value: Number(r.value) }));
      return {
        top,
        mine: value > 0 ? { value, above: await readersAbove(top, limit, value, () => repo.reviewWeekAbove(monday, value)) } : null,
      };
    },

    async add(
      actor: UserActor,
      input: {
        word: string;
        sentence?: string | undefined;
        article_id?: number | undefined;
        source?: string | undefined;
        meaning?: string | undefined;
        /** Which occurrence of the word in the sentence was tapped, as the sheet's lookup was asked. */
        at?: number | undefined;
      },
    ) {
      const userId = actor.user.id;
      // The meaning the sheet showed first for this tap: the same in-context answer the sheet got
      // (a phrase, "give up", is its own headword and answers its own meanings). Asked first: the
      // headword is then read from the same kept answer.
      const shown = await dictionary.lookup(input.word, input.sentence, null, { record: false, at: input.at }).catch(() => null);
      const headword = dictionary.headword(input.word, input.sentence, input.at);
      if (!headword) throw new NotFound(`词典里没有找到“${input.word}”，无法加入生词本`);
      // A context may only point at an article the reader may open: a draft's id is as unknown as a made-up one.
      if (input.article_id !== undefined) await articles.assertOpenable(actor, input.article_id);
      const first = shown?.meanings[0];
      // A meaning the sheet showed instead (the provider's choice, ai.wordSense) must be one of the word's own.
      const offered = (shown?.meanings ?? []).flatMap((m) => lineItems(m.text).map((item) => meaningText({ pos: m.pos, text: item })));
      if (input.meaning !== undefined && !offered.includes(input.meaning)) throw new Invalid(`“${input.meaning}”不是这个词在词典里的释义`);
      const meaning = input.meaning ?? (first ? meaningText(first) : null);
      const now = clock.now().toISOString();
      // Called from a route, outside any transaction: the kept sets are dropped once this one has committed.
      const answer = await transaction(db, async () => {
        const inserted = await repo.insertIfAbsent({
          user_id: userId,
          word: headword,
          meaning,
          ...cardFields(newCard(clock.now())),
          created_at: now,
          updated_at: now,
        });
        const added = inserted !== undefined;
        let row = inserted ?? (await repo.byWord(userId, headword))!;
        // Added again from another sentence: the card keeps what the sheet showed this time.
        if (!added && input.sentence && meaning && meaning !== row.meaning) {
          await repo.setMeaning(row.id, meaning);
          row = { ...row, meaning };
        }
        await repo.addContext(
          {
            entry_id: row.id,
            form: input.word.toLowerCase() !== headword ? input.word.toLowerCase() : null,
            sentence: input.sentence ?? null,
            article_id: input.article_id ?? null,
            source: input.source ?? (input.article_id ? 'article' : null),
            created_at: now,
          },
          added,
        );
        return { ...item(row), added };
      });
      if (answer.added) await sets.added(userId, headword);
      return answer;
    },

    async delete(userId: number, word: string) {
      const headword = dictionary.headword(word, undefined) ?? word.toLowerCase();
      if ((await repo.delete(userId, headword)) === 0 && (await repo.delete(userId, word.toLowerCase())) === 0)
        throw new NotFound('生词本里没有这个词');
      await sets.changed(userId);
      return { ok: true as const };
    },

    async list(userId: number, order: WordOrder, q: string | undefined, offset: number) {
      const search = q ? { prefix: q, headword: dictionary.headword(q, undefined) } : undefined;
      return pageOf((await repo.list(userId, order, search, offset, PAGE + 1)).map(item), offset, PAGE);
    },

    async overview(userId: number) {
      const now = clock.now();
      const today = dayKey(now);
      const byState = Object.fromEntries(cardStates.map((s) => [s, 0])) as Record<(typeof cardStates)[number], number>;
      for (const r of await repo.countByState(userId)) byState[stateName(r.state)] = Number(r.n);
      const recent = await repo.reviewsSince(userId, new Date(now.getTime() - 30 * DAY).toISOString());
      // True retention: of reviews of cards in the review state, the share not forgotten.
      const matured = recent.filter((r) => r.state === 2);
      return {
        total: Object.values(byState).reduce((a, b) => a + b, 0),
        by_state: byState,
        due_now: await repo.countDue(userId, now.toISOString()),
        due_today: await repo.countDue(userId, dayBounds(today).end),
        reviewed_today: recent.filter((r) => dayKey(new Date(r.review)) === today).length,
        streak: streaks(new Set((await repo.reviewDays(userId)).map((r) => dayKey(new Date(r)))), today).current,
        retention_30d: matured.length ? Math.round((matured.filter((r) => r.rating > 1).length / matured.length) * 1000) / 1000 : null,
      };
    },

    async next(userId: number, force: boolean, size: number) {
      const now = clock.now().toISOString();
      const dueNow = await repo.countDue(userId, now);
      let rows = await repo.due(userId, now, size);
      if (rows.length === 0 && force) rows = await repo.upcoming(userId, now, size);
      return { list: await cards(rows), due_now: dueNow };
    },

    /** The reader's words that occur in an article, with the forms used there. */
    async ofArticle(actor: UserActor, articleId: number, offset: number, size: number) {
      const { row: article } = await articles.readable(actor, articleId);
      return inParagraphs(actor.user.id, parseParagraphs(article.content), offset, size);
    },

    /** My word-book words that occur in these paragraphs (a book chapter, say), each with the forms it takes there. */
    inParagraphs: (userId: number, paragraphs: readonly Paragraph[], offset: number, size: number) =>
      inParagraphs(userId, paragraphs, offset, size),

    async review(userId: number, id: number, rating: number, spentMs: number, seenReps?: number) {
      if (rating < 1 || rating > 4) throw new Invalid('rating 必须是 1–4');
      const row = await owned(userId, id);
      const now = clock.now();
      // The review of the card as it was at `seenReps` has been applied already (sent twice).
      if (seenReps !== undefined && row.reps !== seenReps) return (await cards([row]))[0]!;
      // No card is due again within seconds of a review (the shortest learning step is a
      // minute), so a review this soon is the same tap arriving twice: answered, not applied.
      if (row.last_review && now.getTime() - new Date(row.last_review).getTime() < DOUBLE_TAP_MS) return (await cards([row]))[0]!;
      const { card, log } = review(toCard(row), now, rating as Grade);
      const fields = { ...cardFields(card), updated_at: now.toISOString() };
      const applied = await transaction(db, async () => {
        // Two taps in flight at once: the one that finds the card changed applies nothing.
        if (!(await repo.updateIfUnchanged(row.id, row.reps, fields))) return false;
        // The card's first review of the week counts for the weekly rank. Only a review sets
        // `last_review`, and the update above applied to the row as read, so the row's
        // `last_review` is the card's latest review: before this Monday, none this week.
        const monday = weekStart(dayKey(now));
        if (!row.last_review || new Date(row.last_review).getTime() < new Date(dayBounds(monday).start).getTime()) {
          await repo.countReviewedCard(userId, monday);
        }
        await repo.log({
          entry_id: row.id,
          user_id: userId,
          rating: log.rating,
          state: log.state,
          due: log.due.toISOString(),
          stability: log.stability,
          difficulty: log.difficulty,
          elapsed_days: log.elapsed_days,
          last_elapsed_days: log.last_elapsed_days,
          scheduled_days: log.scheduled_days,
          learning_steps: log.learning_steps,
          review: log.review.toISOString(),
          spent_ms: spentMs,
        });
        return true;
      });
      // Applied, the row is what was written; raced, it is the other tap's.
      return (await cards([applied ? { ...row, ...fields } : (await repo.byId(userId, id))!]))[0]!;
    },

    async detail(userId: number, word: string) {
      const row =
        (await repo.byWord(userId, word.toLowerCase())) ?? (await repo.byWord(userId, dictionary.headword(word, undefined) ?? ''));
      if (!row) throw new NotFound('生词本里没有这个词');
      const [card] = await cards([row]);
      const entry = await dictionary.lookup(row.word, undefined, userId, { record: false }).catch(() => null);
      return {
        item: item(row),
        entry,
        contexts: (await contextsOf([row.id])).map(toContext),
        reviews: (await repo.reviews(row.id)).map((r) => ({
          rating: r.rating,
          label: ratingLabels[r.rating as 1 | 2 | 3 | 4],
          state: stateName(r.state),
          review: r.review,
          scheduled_days: r.scheduled_days,
          spent: r.spent_ms,
        })),
        intervals: card!.intervals,
      };
    },

    /** All entries with their newest context, for the exports. */
    async exportRows(userId: number) {
      const rows = await repo.all(userId);
      const contexts = await contextsOf(rows.map((r) => r.id));
      return rows.map((row) => ({ ...item(row), context: contexts.find((c) => c.entry_id === row.id) ?? null }));
    },
  };
}

export type WordsService = ReturnType<typeof wordsService>;
