import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/client.js';
import type { CollectionItemsTable, CollectionsTable } from '../../db/schema.js';
import { tablesOf } from '../../db/ownership.js';

export type CollectionRow = Selectable<CollectionsTable>;
export type CollectionItemRow = Selectable<CollectionItemsTable>;
export type MarkKind = 'star' | 'follow';

export interface CollectionFields {
  title: string;
  description: string | null;
  cover_article_id: number | null;
  cover: string | null;
}

export interface ManageFilter {
  state?: 'published' | 'private' | 'deleted' | undefined;
  q?: string | undefined;
  ownerId?: number | undefined;
}

const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Collections, their ordered items and readers' marks: the only writer of these tables. */
export function collectionsRepo(db: Db) {
  const own = tablesOf(db, 'collections');
  const live = () => own.query.selectFrom('collections').selectAll('collections').where('collections.deleted_at', 'is', null);

  return {
    find: (id: number) => live().where('id', '=', id).executeTakeFirst(),

    async insert(ownerId: number, fields: CollectionFields, now: string): Promise<number> {
      const row = await own.query
        .insertInto('collections')
        .values({ owner_id: ownerId, ...fields, is_published: 0, published_at: null, created_at: now, updated_at: now, deleted_at: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Updates a live collection's fields; the write takes the row's lock, so edits to one collection queue. False when gone. */
    async update(id: number, fields: Partial<CollectionFields> & { last_added_at?: string }, now: string): Promise<boolean> {
      const res = await own.query
        .updateTable('collections')
        .set({ ...fields, updated_at: now })
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    items: (collectionId: number) =>
      own.query.selectFrom('collection_items').selectAll().where('collection_id', '=', collectionId).orderBy('position').execute(),

    /** Items of several collections, in order (for counts and covers of a page of them). */
    itemsOf: (collectionIds: readonly number[]) =>
      collectionIds.length === 0
        ? Promise.resolve([] as CollectionItemRow[])
        : own.query
            .selectFrom('collection_items')
            .selectAll()
            .where('collection_id', 'in', [...new Set(collectionIds)])
            .orderBy('collection_id')
            .orderBy('position')
            .execute(),

    /** Replaces the ordered list in one go (call inside the transaction that locked the row). */
    async replaceItems(collectionId: number, items: readonly Omit<CollectionItemRow, 'collection_id'>[]) {
      await own.query.deleteFrom('collection_items').where('collection_id', '=', collectionId).execute();
      if (items.length > 0) {
        await own.query
          .insertInto('collection_items')
          .values(items.map((i) => ({ ...i, collection_id: collectionId })))
          .execute();
      }
    },

    async setPublished(id: number, published: boolean, now: string) {
      await own.query
        .updateTable('collections')
        .set((eb) => ({
          is_published: published ? 1 : 0,
          // The first publication is remembered; withdrawing and publishing again keeps its place.
          published_at: published ? eb.fn.coalesce('published_at', eb.val(now)) : eb.ref('published_at'),
          updated_at: now,
        }))
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .execute();
    },

    async softDelete(id: number, now: string): Promise<boolean> {
      const res = await own.query
        .updateTable('collections')
        .set({ deleted_at: now, is_published: 0, updated_at: now })
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /** Adds a mark unless there; the count moves only when a row was added (one transaction). */
    async addMark(userId: number, collectionId: number, kind: MarkKind, now: string) {
      const res = await own.query
        .insertInto('collection_marks')
        .values({ user_id: userId, collection_id: collectionId, kind, created_at: now, seen_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'collection_id', 'kind']).doNothing())
        .executeTakeFirst();
      if (Number(res.numInsertedOrUpdatedRows ?? 0n) === 1) await bump(collectionId, kind, 1);
    },

    async removeMark(userId: number, collectionId: number, kind: MarkKind) {
      const res = await own.query
        .deleteFrom('collection_marks')
        .where('user_id', '=', userId)
        .where('collection_id', '=', collectionId)
        .where('kind', '=', kind)
        .executeTakeFirst();
      if (Number(res.numDeletedRows) === 1) await bump(collectionId, kind, -1);
    },

    marksOf: (userId: number, collectionId: number) =>
      own.query
        .selectFrom('collection_marks')
        .select(['kind', 'seen_at'])
        .where('user_id', '=', userId)
        .where('collection_id', '=', collectionId)
        .execute(),

    async markSeen(userId: number, collectionId: number, now: string) {
      await own.query
        .updateTable('collection_marks')
        .set({ seen_at: now })
        .where('user_id', '=', userId)
        .where('collection_id', '=', collectionId)
        .where('kind', '=', 'follow')
        .execute();
    },

    published: (order: 'new' | 'hot', offset: number, limit: number) => {
      let q = live().where('is_published', '=', 1);
      q = order === 'hot' ? q.orderBy('follower_count', 'desc').orderBy('published_at', 'desc') : q.orderBy('published_at', 'desc');
      return q.orderBy('id', 'desc').limit(limit).offset(offset).execute();
    },

    random: (size: number) =>
      live()
        .where('is_published', '=', 1)
        .orderBy(sql`random()`)
        .limit(size)
        .execute(),

    publishedBy: (ownerIds: readonly number[]) =>
      ownerIds.length === 0
        ? Promise.resolve([] as CollectionRow[])
        : live()
            .where('is_published', '=', 1)
            .where('owner_id', 'in', [...ownerIds])
            .orderBy('published_at', 'desc')
            .execute(),

    countPublishedBy: async (ownerIds: readonly number[]) =>
      ownerIds.length === 0
        ? new Map<number, number>()
        : new Map(
            (
              await own.query
                .selectFrom('collections')
                .select(['owner_id', (eb) => eb.fn.countAll<number>().as('n')])
                .where('deleted_at', 'is', null)
                .where('is_published', '=', 1)
                .where('owner_id', 'in', [...new Set(ownerIds)])
                .groupBy('owner_id')
                .execute()
            ).map((r) => [r.owner_id, Number(r.n)]),
          ),

    mine: (ownerId: number, offset: number, limit: number) =>
      live().where('owner_id', '=', ownerId).orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),

    /** Collections the user marked (star or follow) that they may still see, most recent mark first (follows: with news first). */
    marked: (userId: number, kind: MarkKind, offset: number, limit: number) => {
      let q = own.query
        .selectFrom('collection_marks as m')
        .innerJoin('collections', 'collections.id', 'm.collection_id')
        .selectAll('collections')
        .select(['m.created_at as marked_at', 'm.seen_at'])
        .where('m.user_id', '=', userId)
        .where('m.kind', '=', kind)
        .where('collections.deleted_at', 'is', null)
        .where((eb) => eb.or([eb('collections.is_published', '=', 1), eb('collections.owner_id', '=', userId)]));
      if (kind === 'follow') {
        q = q.orderBy(sql`case when collections.last_added_at > m.seen_at then 1 else 0 end`, 'desc');
      }
      return q.orderBy('m.created_at', 'desc').orderBy('collections.id', 'desc').limit(limit).offset(offset).execute();
    },

    manage: (filter: ManageFilter, offset: number, limit: number) => {
      let q = own.query.selectFrom('collections').selectAll();
      if (filter.state === 'deleted') q = q.where('deleted_at', 'is not', null);
      else {
        q = q.where('deleted_at', 'is', null);
        if (filter.state) q = q.where('is_published', '=', filter.state === 'published' ? 1 : 0);
      }
      if (filter.q) q = q.where(sql<string>`lower(title)`, 'like', sql<string>`${likePattern(filter.q.toLowerCase())} escape '\\'`);
      if (filter.ownerId) q = q.where('owner_id', '=', filter.ownerId);
      return q.orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute();
    },

    /** Published collections of the creators the user follows, most recently active first. */
    byFollowedCreators: (userId: number, offset: number, limit: number) =>
      live()
        .where('is_published', '=', 1)
        .where('owner_id', 'in', (eb) => eb.selectFrom('creator_follows').select('creator_id').where('user_id', '=', userId))
        .orderBy(sql`coalesce(last_added_at, published_at)`, 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
  };

  async function bump(collectionId: number, kind: MarkKind, by: 1 | -1) {
    const column = kind === 'star' ? 'star_count' : 'follower_count';
    await own.query
      .updateTable('collections')
      .set((eb) => ({ [column]: eb(column, '+', by) }))
      .where('id', '=', collectionId)
      .execute();
  }
}

export type CollectionsRepo = ReturnType<typeof collectionsRepo>;
