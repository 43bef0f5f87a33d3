import { topics as topicLabels, type ArticleCard, type ArticleLevel, type Role } from '@changdu/contract';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { NotFound } from '../../lib/errors.js';
import { MINUTE, type Clock } from '../../lib/clock.js';
import { pageOf } from '../../lib/page.js';
import { can, type Who } from '../../lib/policy.js';
import { mayOpen, readableBy, type ReadableArticle } from './article-access.js';
import { articleMetaRepo } from './article-meta.repo.js';
import { effectiveLevel, readerFigure, toCard, toDetail, visibleParagraphs } from './article.mapper.js';
import { articlesRepo } from './articles.repo.js';
import { keyWordsRepo } from './key-words.repo.js';
import { marksRepo } from './marks.repo.js';
import { mentionsRepo } from './mentions.repo.js';
import { preparedArticles } from './prepared-articles.js';
import { PublishedAnswers } from './published-answers.js';
import { profileFrom, rank, reasonFor } from './recommend.js';
import { MARK_END, MARK_START, isChineseQuery, searchRepo, searchTerms } from './search.repo.js';
import type { LogsService } from '../logs/index.js';
import type { UsersService } from '../users/index.js';

const PAGE = 10;
const CANDIDATES = 300;

export interface Viewer {
  userId: number | null;
  cuid: string | null;
}

export function viewerOf(actor: Actor, cuid: string | null): Viewer {
  return { userId: actor.kind === 'user' ? actor.user.id : null, cuid };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Escapes a snippet and turns the match sentinels into <mark>: the only tag a snippet carries. */
export function markSnippet(raw: string): string {
  return escapeHtml(raw.replace(/\s+/g, ' ').trim()).replaceAll(MARK_START, '<mark>').replaceAll(MARK_END, '</mark>');
}

/** A window of `text` around the first occurrence of `q`, marked. */
function windowAround(text: string, q: string, radius = 40): string {
  const at = text.indexOf(q);
  if (at < 0) return escapeHtml(text.slice(0, radius * 2));
  const start = Math.max(0, at - radius);
  const end = Math.min(text.length, at + q.length + radius);
  const raw = `${start > 0 ? '…' : ''}${text.slice(start, at)}${MARK_START}${q}${MARK_END}${text.slice(at + q.length, end)}${end < text.length ? '…' : ''}`;
  return markSnippet(raw);
}

/** What the reader knows, from the learner module (filled by the composition root, which builds it later). */
export interface ReaderHooks {
  /** Known shares (0–100) of these articles; at most `makeAtMost` not yet analysed are analysed now, the rest are null. */
  knownShares(userId: number, ids: readonly number[], makeAtMost: number): Promise<Map<number, number | null>>;
}

/**
 * Where "the newest articles a reader has seen" is kept: on a reader's account (users) and on an
 * anonymous client's visitor row (logs), the modules owning those rows.
 */
export interface SeenKeepers {
  users: Pick<UsersService, 'articlesSeenAt' | 'markArticlesSeen'>;
  visitors: Pick<LogsService, 'articlesSeenAt' | 'markArticlesSeen'>;
}

/** Articles not yet analysed that one recommendation call analyses (the rest wait for a later call). */
const ANALYSED_PER_CALL = 10;

/** What readers see: lists, the article (lock applied), recommendations, topics, authors, search. */
export function articlesService(
  db: Db,
  clock: Clock,
  seen: SeenKeepers,
  hooks: ReaderHooks | null = null,
  /** How long lists and search answers are kept (published-answers.ts; config LIST_KEEP_SECONDS). */
  options: { keepMs?: number } = {},
) {
  const repo = articlesRepo(db);
  const meta = articleMetaRepo(db);
  const marks = marksRepo(db);
  const keyWords = keyWordsRepo(db);
  const mentions = mentionsRepo(db);
  const prepared = preparedArticles();
  const kept = new PublishedAnswers(db, { ttlMs: options.keepMs });
  // What decides who may open an article (status, lock, version) is asked on every open and every
  // write naming the article (a word's context, a note, a reading token): kept as lists are, let go
  // when this process writes an article row; another process's change is seen within the same
  // few seconds as in the lists.
  const keptStamps = new PublishedAnswers(db, { ttlMs: options.keepMs, max: 5_000 });
  const stampOf = async (id: number) => (await keptStamps.answer(String(id), async () => ({ row: await repo.stamp(id) }))).row;

  async function seenAt(viewer: Viewer): Promise<string | null> {
    if (viewer.userId !== null) return seen.users.articlesSeenAt(viewer.userId);
    return viewer.cuid === null ? null : seen.visitors.articlesSeenAt(viewer.cuid);
  }
  async function markSeen(viewer: Viewer, now: string): Promise<void> {
    if (viewer.userId !== null) await seen.users.markArticlesSeen(viewer.userId, now);
    else if (viewer.cuid !== null) await seen.visitors.markArticlesSeen(viewer.cuid, now);
  }

  /** The article if this caller may open it (lib/policy.ts, through article-access.ts), else NotFound. */
  async function readable(who: Who, id: number): Promise<ReadableArticle> {
    return readableBy(await repo.findById(id), who);
  }

  /**
   * NotFound unless this caller may open the article, by the same rule as `readable`, reading
   * only what decides it (no body): for a write that just names the article (a word's context,
   * a reading token, a star). Answers whether the caller may read all of it.
   */
  async function assertOpenable(who: Who, id: number): Promise<{ full: boolean }> {
    return { full: readableBy(await stampOf(id), who).full };
  }

  /** Paragraph ids per (article, version, preview): kept, since only a new version changes them. */
  const paragraphIdsKept = new LRUCache<string, ReadonlySet<string>>({ max: 2_000 });
  const paragraphsKey = (id: number, version: number, preview: boolean) => `${id}:${version}:${preview ? 'p' : 'f'}`;
  /**
   * The ids of the paragraphs this caller may read (a non-member's members-only article: the
   * preview's), NotFound as `readable`: what a highlight may point at. The access check reads the
   * stamp only; the body is read once per version.
   */
  async function visibleParagraphIds(who: Who, id: number): Promise<ReadonlySet<string>> {
    const { row: stamp, full } = readableBy(await stampOf(id), who);
    const kept = paragraphIdsKept.get(paragraphsKey(id, stamp.version, stamp.is_lock === 1 && !full));
    if (kept) return kept;
    const { row, full: fullNow } = await readable(who, id);
    const ids: ReadonlySet<string> = new Set(visibleParagraphs(row, fullNow).map((p) => p.id));
    // Kept under the version actually read, which an edit between the two reads may have raised.
    paragraphIdsKept.set(paragraphsKey(id, row.version, row.is_lock === 1 && !fullNow), ids);
    return ids;
  }

  /** The reader's article without the caller's own part (`me`), with the row's version: what prepared-articles.ts keeps. */
  async function sharedDetail(actor: Actor, id: number) {
    const { row, full } = await readable(actor, id);
    const { me: _none, paragraphs, ...shared } = toDetail(row, full, { words: await keyWords.list(id), me: null });
    void _none;
    return { ...shared, paragraphs: paragraphs.map(readerFigure), version: row.version };
  }

  /** Cards of the given articles that `role` may open, by id, in one query. */
  async function cards(ids: readonly number[], role: Role): Promise<Map<number, ArticleCard>> {
    const rows = await repo.findByIds(ids);
    return new Map(rows.filter((r) => mayOpen(r, { role })).map((r) => [r.id, toCard(r)]));
  }

  /**
   * Rows of another list (history, stars, notes) joined with their article cards in one query,
   * in the rows' order; rows whose article the role may not open are left out.
   */
  async function withCards<R, E extends object>(rows: readonly R[], articleId: (row: R) => number, role: Role, extra: (row: R) => E) {
    const byId = await cards(rows.map(articleId), role);
    return rows.flatMap((row) => {
      const card = byId.get(articleId(row));
      return card ? [{ ...card, ...extra(row) }] : [];
    });
  }

  /** Search hits in rank order, each with its snippet; rows that vanished meanwhile are dropped. */
  async function withSnippets(hits: { id: number; snippet: string }[], offset: number) {
    const list = await withCards(
      hits,
      (h) => h.id,
      'anonymous', // search lists published articles only, for managers too
      (h) => ({ snippet: h.snippet }),
    );
    return pageOf(list, offset, PAGE);
  }

  function published(
    offset: number,
    filter: { topic?: string | undefined; authorId?: number | undefined; level?: ArticleLevel | undefined } = {},
  ) {
    const key = `list\u0000${filter.topic ?? ''}\u0000${filter.authorId ?? ''}\u0000${filter.level ?? ''}\u0000${offset}`;
    return kept.answer(key, async () => {
      const rows = await repo.list({ status: 'published', ...filter }, offset, PAGE + 1);
      return pageOf(rows.map(toCard), offset, PAGE);
    });
  }

  return {
    readable,
    assertOpenable,
    visibleParagraphIds,
    /** Articles `who` may quote whose text holds `name`, newest first, with their stored bodies (AI help's examples). */
    mentioning: mentions.mentioning,
    /** An article's stored body, any status (a manager's or a job's work: no reader's rule applies); null when it is gone. */
    storedContent: mentions.articleContent,
    cards,
    withCards,
    /** Statuses for modules that list articles they don't own (a magazine issue's table of contents). */
    statuses: (ids: readonly number[]) => repo.statuses(ids),
    /** Each article's version (raised by every write of its row): the key of what is derived from its text. */
    versions: (ids: readonly number[]) => repo.versions(ids),
    recentPublishedIds: (limit: number) => repo.recentPublishedIds(limit),

    async list(offset: number, viewer: Viewer) {
      const page = await published(offset);
      // Opening the newest list counts as having seen what is new.
      if (offset === 0) await markSeen(viewer, clock.now().toISOString());
      return page;
    },

    /**
     * The reader's article: one small query decides access and which prepared body fits (the
     * body itself is read, mapped and serialised once per version: prepared-articles.ts), then
     * the view is counted and the reader's own marks are added.
     */
    async show(id: number, actor: Actor, cuid: string | null) {
      const { row: stamp, full } = readableBy(await stampOf(id), actor);
      if (stamp.status === 'published') {
        const now = clock.now();
        await meta.addView(id, viewerOf(actor, cuid), now.toISOString(), new Date(now.getTime() - 30 * MINUTE).toISOString());
      }
      const mark = actor.kind === 'user' ? await marks.mark(actor.user.id, id) : undefined;
      const me = actor.kind === 'user' ? { starred: Boolean(mark?.starred_at), finished: Boolean(mark?.finished_at) } : null;
      return prepared.answer({ id, version: stamp.version, preview: !full }, () => sharedDetail(actor, id), me);
    },

    /**
     * The article as an anonymous reader gets it, as JSON text, for the reader page's first
     * response (http/web-app.ts); null unless it is published and open to all. The same prepared
     * text `show` answers, so it costs nothing after the first open. No view is counted: the page
     * still calls `show`, which counts it and adds the reader's own marks.
     */
    async publicBody(id: number): Promise<string | null> {
      const stamp = await stampOf(id);
      const anonymous: Actor = { kind: 'anonymous', role: 'anonymous' };
      // Published, and all of it open to anyone: a members-only article's page is drawn by the app.
      if (!stamp || stamp.status !== 'published' || !can(anonymous, 'readFull', { kind: 'article', ...stamp })) return null;
      const answer = await prepared.answer({ id, version: stamp.version, preview: false }, () => sharedDetail(anonymous, id), null);
      return answer.json;
    },

    async forYou(offset: number, viewer: Viewer) {
      const history = await meta.recentlyViewed(viewer, 30);
      const profile = profileFrom(
        history.map((h) => ({
          id: h.id,
          topics: JSON.parse(h.topics) as string[],
          level: (h.level_override ?? h.level_auto) as ArticleLevel,
        })),
      );
      const rows = await repo.recentPublished(CANDIDATES);
      const byId = new Map(rows.map((r) => [r.id, r]));
      const known =
        hooks && viewer.userId !== null
          ? await hooks.knownShares(
              viewer.userId,
              rows.map((r) => r.id),
              ANALYSED_PER_CALL,
            )
          : null;
      const ranked = rank(
        rows.map((r) => ({
          id: r.id,
          level: effectiveLevel(r),
          topics: JSON.parse(r.topics) as string[],
          views: r.views,
          publishedAt: r.published_at ?? r.created_at,
          ...(known ? { knownPct: known.get(r.id) ?? null } : {}),
        })),
        profile,
        clock.now(),
      );
      return pageOf(
        ranked.slice(offset, offset + PAGE + 1).map((c) => ({ ...toCard(byId.get(c.id)!), reason: reasonFor(c.knownPct) })),
        offset,
        PAGE,
      );
    },

    async newCount(viewer: Viewer) {
      const since = await seenAt(viewer);
      if (since === null) {
        // A first-time visitor has seen nothing yet, so nothing is "new" to them: the count starts now.
        await markSeen(viewer, clock.now().toISOString());
        return { count: 0, since: null };
      }
      return { count: await repo.countPublishedSince(since), since };
    },

    topic: (q: string | undefined, authorId: number | undefined, level: ArticleLevel | undefined, offset: number) =>
      published(offset, { topic: q, authorId, level }),

    async labels() {
      const counts = new Map((await repo.topicCounts()).map((r) => [r.topic, Number(r.n)]));
      return {
        list: Object.entries(topicLabels)
          .map(([topic, label]) => ({ topic, label, count: counts.get(topic) ?? 0 }))
          .sort((a, b) => b.count - a.count),
      };
    },

    async author(id: number) {
      const author = await meta.findAuthorById(id);
      if (!author) throw new NotFound('作者不存在');
      return { id: author.id, name: author.name, bio: author.bio, article_count: await meta.countPublishedBy(id) };
    },

    /** Matches and snippets come only from text the caller may read (members-only bodies: members). */
    search(q: string, offset: number, who: Who) {
      const lockedText = can(who, 'quote', { kind: 'article', status: 'published', is_lock: 1 });
      return kept.answer(`search\u0000${lockedText}\u0000${offset}\u0000${q}`, () => searchPublished(q, offset, who, lockedText));
    },
  };

  async function searchPublished(q: string, offset: number, who: Who, lockedText: boolean) {
    if (isChineseQuery(q)) {
      const needle = q.trim();
      const rows = await searchRepo(db).chinese(needle, offset, PAGE + 1, who);
      return withSnippets(
        rows.map((r) => {
          const texts = [r.title_zh ?? '', r.summary_zh ?? '', ...visibleParagraphs(r, lockedText).map((p) => p.zh ?? '')];
          return { id: r.id, snippet: windowAround(texts.find((t) => t.includes(needle)) ?? '', needle) };
        }),
        offset,
      );
    }
    const rows = await searchRepo(db).english(searchTerms(q), offset, PAGE + 1, who);
    return withSnippets(
      rows.map((r) => ({ id: r.id, snippet: markSnippet(r.snippet) })),
      offset,
    );
  }
}

export type ArticlesService = ReturnType<typeof articlesService>;
