import { PLACEHOLDER_COUNT, type ArticleCard, type Collection, type CollectionAction, type Role } from '@changdu/contract';
import { isUniqueViolation, transaction, type Db } from '../../db/client.js';
import type { Actor, UserActor } from '../../lib/actor.js';
import { can } from '../../lib/policy.js';
import type { Clock } from '../../lib/clock.js';
import { Conflict, Forbidden, Invalid, NotFound } from '../../lib/errors.js';
import { pageOf } from '../../lib/page.js';
import type { ArticlesService, MarksService } from '../articles/index.js';
import type { UsersService } from '../users/index.js';
import { collectionsRepo, type CollectionItemRow, type CollectionRow, type ManageFilter, type MarkKind } from './collections.repo.js';
import { creatorsRepo } from './creators.repo.js';

const PAGE = 20;


export interface CollectionsDeps {
  articles: Pick<ArticlesService, 'cards'>;
  marks: Pick<MarksService, 'finishedAmong'>;
  users: Pick<UsersService, 'namesOf'>;
}

export interface SaveInput {
  id?: number | undefined;
  title: string;
  description?: string | undefined;
  cover_article_id?: number | undefined;
  articles: { article_id: number; note?: string | undefined }[];
}

const NOT_FOUND = '合集不存在或未公开';
/** The media module's path of an article's placeholder picture (web: lib/articles.ts placeholderPath). */
const placeholderImage = (index: number) => `/api/image/placeholder-${index}.webp`;
const subject = (row: CollectionRow) => ({ kind: 'collection' as const, is_published: row.is_published, owner_id: row.owner_id });

/**
 * Collections: ordered reading lists of published articles. Who may see one: anyone when it is
 * published, otherwise only its owner and managers (to anyone else it does not exist). Who may
 * change one: its owner and managers. See docs/collections.md.
 */
export function collectionsService(db: Db, clock: Clock, deps: CollectionsDeps) {
  const repo = collectionsRepo(db);
  const creators = creatorsRepo(db);
  const now = () => clock.now().toISOString();

  /** The collection if this caller may see it; NotFound otherwise (a private one is as absent as a missing id). */
  async function visible(actor: Actor, id: number): Promise<CollectionRow> {
    const row = await repo.find(id);
    if (!row || !can(actor, 'open', subject(row))) throw new NotFound(NOT_FOUND);
    return row;
  }

  /** The collection if this caller may change it. Someone else's public one: Forbidden; a private one: NotFound. */
  async function editable(actor: UserActor, id: number): Promise<CollectionRow> {
    const row = await visible(actor, id);
    if (!can(actor, 'edit', subject(row))) throw new Forbidden('只有合集的创建者或管理员可以修改');
    return row;
  }

  /** The articles of a collection the role may open, in order. */
  async function openable(items: readonly CollectionItemRow[], role: Role) {
    const cards = await deps.articles.cards(
      items.map((i) => i.article_id),
      role,
    );
    return items.flatMap((item) => {
      const card = cards.get(item.article_id);
      return card ? [{ item, card }] : [];
    });
  }

  /** Rows → contract shape, with owners, creator flags and the count of articles readers can open, in three queries. */
  async function present(rows: readonly CollectionRow[]): Promise<Collection[]> {
    const owners = rows.map((r) => r.owner_id);
    const [names, creatorIds, items] = await Promise.all([
      deps.users.namesOf(owners),
      creators.creatorsAmong(owners),
      repo.itemsOf(rows.map((r) => r.id)),
    ]);
    const cards = await deps.articles.cards(
      items.map((i) => i.article_id),
      'anonymous',
    );
    const counts = new Map<number, number>();
    for (const i of items) if (cards.has(i.article_id)) counts.set(i.collection_id, (counts.get(i.collection_id) ?? 0) + 1);
    return rows.map((r) => ({
      id: r.id,
      title: r.title,
      description: r.description,
      cover: r.cover,
      placeholder: (r.id % PLACEHOLDER_COUNT) + 1,
      owner: { id: r.owner_id, name: names.get(r.owner_id) ?? '已注销用户', is_creator: creatorIds.has(r.owner_id) },
      is_published: r.is_published === 1,
      published_at: r.published_at,
      article_count: counts.get(r.id) ?? 0,
      follower_count: r.follower_count,
      star_count: r.star_count,
      created_at: r.created_at,
      updated_at: r.updated_at,
    }));
  }

  async function presentOne(row: CollectionRow) {
    return (await present([row]))[0]!;
  }

  /** The collection with its articles as this caller sees them, and their marks and progress. */
  async function detail(actor: Actor, row: CollectionRow) {
    const items = await repo.items(row.id);
    const shown = await openable(items, actor.role);
    const me = actor.kind === 'user' ? actor.user.id : null;
    const finished =
      me === null
        ? new Set<number>()
        : await deps.marks.finishedAmong(
            me,
            shown.map((s) => s.card.id),
          );
    const marks = me === null ? [] : await repo.marksOf(me, row.id);
    const base = await presentOne(row);
    const mayEdit = can(actor, 'edit', subject(row));
    return {
      ...base,
      cover_article_id: row.cover_article_id,
      articles: shown.map(({ item, card }, index) => ({ ...card, position: index + 1, note: item.note, finished: finished.has(card.id) })),
      hidden_count: mayEdit ? items.length - shown.length : 0,
      me:
        me === null
          ? null
          : {
              followed: marks.some((m) => m.kind === 'follow'),
              starred: marks.some((m) => m.kind === 'star'),
              can_edit: mayEdit,
              finished_count: shown.filter((s) => finished.has(s.card.id)).length,
              continue_article_id: shown.find((s) => !finished.has(s.card.id))?.card.id ?? null,
            },
    };
  }

  async function marksResult(userId: number, id: number) {
    const row = (await repo.find(id))!;
    const marks = await repo.marksOf(userId, id);
    return {
      starred: marks.some((m) => m.kind === 'star'),
      followed: marks.some((m) => m.kind === 'follow'),
      star_count: row.star_count,
      follower_count: row.follower_count,
    };
  }

  /** Articles checked for a save: each must be published (readers can open it), in the order given. */
  async function checkedArticles(input: SaveInput): Promise<Map<number, ArticleCard>> {
    const ids = input.articles.map((a) => a.article_id);
    const cards = await deps.articles.cards(ids, 'anonymous');
    const missing = ids.filter((id) => !cards.has(id));
    if (missing.length > 0) throw new Invalid(`有 ${missing.length} 篇文章不存在或未发布，不能加入合集`);
    if (input.cover_article_id !== undefined && !cards.has(input.cover_article_id)) throw new Invalid('封面文章必须是合集中的一篇');
    return cards;
  }

  return {
    visible,

    /** Creates (no id) or replaces (id) a collection: fields and the whole ordered list, in one transaction. */
    async save(actor: UserActor, input: SaveInput) {
      const cards = await checkedArticles(input);
      // The chosen article's image, else the first article with one, else the first article's placeholder picture.
      const coverFrom =
        input.cover_article_id ?? input.articles.find((a) => cards.get(a.article_id)?.cover)?.article_id ?? input.articles[0]?.article_id;
      const coverCard = coverFrom === undefined ? undefined : cards.get(coverFrom);
      const fields = {
        title: input.title,
        description: input.description ?? null,
        cover_article_id: input.cover_article_id ?? null,
        cover: coverCard ? (coverCard.cover ?? placeholderImage(coverCard.placeholder)) : null,
      };
      const at = now();
      let id: number;
      try {
        id = await transaction(db, async () => {
          let collectionId: number;
          let before = new Map<number, string>();
          if (input.id === undefined) {
            collectionId = await repo.insert(actor.user.id, fields, at);
          } else {
            await editable(actor, input.id);
            collectionId = input.id;
            // The update comes first: it locks the row, so two edits of one collection apply one after the other.
            if (!(await repo.update(collectionId, fields, at))) throw new NotFound(NOT_FOUND);
            before = new Map((await repo.items(collectionId)).map((i) => [i.article_id, i.added_at]));
          }
          const added = input.articles.some((a) => !before.has(a.article_id));
          await repo.replaceItems(
            collectionId,
            input.articles.map((a, position) => ({
              article_id: a.article_id,
              position,
              note: a.note ?? null,
              added_at: before.get(a.article_id) ?? at,
            })),
          );
          if (added) await repo.update(collectionId, { last_added_at: at }, at);
          return collectionId;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new Conflict('你已经有一个同名的合集了，换个标题吧');
        throw error;
      }
      return detail(actor, (await repo.find(id))!);
    },

    async publish(actor: UserActor, id: number, cancel: boolean) {
      await editable(actor, id);
      if (!cancel) {
        const shown = await openable(await repo.items(id), 'anonymous');
        if (shown.length === 0) throw new Invalid('合集里至少要有一篇已发布的文章才能公开');
      }
      await repo.setPublished(id, !cancel, now());
      return presentOne((await repo.find(id))!);
    },

    async mark(actor: UserActor, id: number, action: CollectionAction) {
      await visible(actor, id);
      const kind: MarkKind = action === 'star' || action === 'unstar' ? 'star' : 'follow';
      await transaction(db, async () => {
        if (action === 'star' || action === 'follow') await repo.addMark(actor.user.id, id, kind, now());
        else await repo.removeMark(actor.user.id, id, kind);
      });
      return marksResult(actor.user.id, id);
    },

    async destroy(actor: UserActor, id: number) {
      await editable(actor, id);
      if (!(await repo.softDelete(id, now()))) throw new NotFound(NOT_FOUND);
      return { ok: true as const };
    },

    async list(order: 'new' | 'hot', offset: number) {
      return pageOf(await present(await repo.published(order, offset, PAGE + 1)), offset, PAGE);
    },

    random: async (size: number) => ({ list: await present(await repo.random(size)) }),

    async follow(actor: UserActor, offset: number) {
      const rows = await repo.marked(actor.user.id, 'follow', offset, PAGE + 1);
      const shown = await present(rows);
      const items = await repo.itemsOf(rows.map((r) => r.id));
      const cards = await deps.articles.cards(
        items.map((i) => i.article_id),
        'anonymous',
      );
      const list = rows.map((r, i) => ({
        ...shown[i]!,
        new_count: items.filter((it) => it.collection_id === r.id && it.added_at > r.seen_at && cards.has(it.article_id)).length,
        followed_at: r.marked_at,
      }));
      return pageOf(list, offset, PAGE);
    },

    async mystar(actor: UserActor, offset: number) {
      return pageOf(await present(await repo.marked(actor.user.id, 'star', offset, PAGE + 1)), offset, PAGE);
    },

    async mine(actor: UserActor, offset: number) {
      return pageOf(await present(await repo.mine(actor.user.id, offset, PAGE + 1)), offset, PAGE);
    },

    async manage(filter: ManageFilter, offset: number) {
      const rows = await repo.manage(filter, offset, PAGE + 1);
      const shown = await present(rows);
      return pageOf(
        rows.map((r, i) => ({ ...shown[i]!, deleted_at: r.deleted_at })),
        offset,
        PAGE,
      );
    },

    async show(actor: Actor, id: number) {
      const row = await visible(actor, id);
      const result = await detail(actor, row);
      // Opening a followed collection is seeing what is new in it.
      if (actor.kind === 'user' && result.me?.followed) await repo.markSeen(actor.user.id, id, now());
      return result;
    },

    async next(actor: Actor, id: number, articleId: number) {
      const row = await visible(actor, id);
      const shown = await openable(await repo.items(id), actor.role);
      const at = shown.findIndex((s) => s.card.id === articleId);
      if (at < 0) throw new NotFound('这篇文章不在这个合集里');
      return {
        article: shown[at + 1]?.card ?? null,
        position: at + 1,
        total: shown.length,
        collection: { id: row.id, title: row.title },
      };
    },

    /** Published collections of these owners (a creator's page), newest first. */
    publishedBy: async (ownerId: number) => present(await repo.publishedBy([ownerId])),
    countPublishedBy: (ownerIds: readonly number[]) => repo.countPublishedBy(ownerIds),

    /** Followed creators' published collections, most recently active first. */
    async byFollowedCreators(actor: UserActor, offset: number) {
      const rows = await repo.byFollowedCreators(actor.user.id, offset, PAGE + 1);
      const shown = await present(rows);
      return pageOf(
        rows.map((r, i) => ({ ...shown[i]!, activity_at: r.last_added_at ?? r.published_at ?? r.updated_at })),
        offset,
        PAGE,
      );
    },
  };
}

export type CollectionsService = ReturnType<typeof collectionsService>;
