import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/client.js';
import type { AiAsksTable } from '../../db/schema.js';
import { tablesOf } from '../../db/ownership.js';

export type AskRow = Selectable<AiAsksTable> & { article_title: string | null };

export function aiRepo(db: Db) {
  const own = tablesOf(db, 'ai');
  const asks = () =>
    own.query
      .selectFrom('ai_asks')
      .leftJoin('articles', 'articles.id', 'ai_asks.article_id')
      .selectAll('ai_asks')
      .select('articles.title as article_title');

  return {
    /** Stores an ask; when the same reader's identical ask was stored meanwhile (a double tap), answers that one. */
    async insertAsk(row: Insertable<AiAsksTable>): Promise<number> {
      const inserted = await own.query
        .insertInto('ai_asks')
        .values(row)
        .onConflict((oc) => oc.columns(['user_id', 'cache_key']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (inserted) return Number(inserted.id);
      const earlier = await own.query
        .selectFrom('ai_asks')
        .select('id')
        .where('user_id', '=', row.user_id)
        .where('cache_key', '=', row.cache_key)
        .executeTakeFirstOrThrow();
      return Number(earlier.id);
    },
    askById: (id: number): Promise<AskRow | undefined> => asks().where('ai_asks.id', '=', id).executeTakeFirst(),
    /** The reader's earlier ask with the same key (an identical question). */
    askByKey: (userId: number, key: string): Promise<AskRow | undefined> =>
      asks().where('ai_asks.user_id', '=', userId).where('ai_asks.cache_key', '=', key).executeTakeFirst(),
    history(userId: number, filter: { articleId?: number | undefined; source?: string | undefined }, offset: number, limit: number) {
      let q = asks().where('ai_asks.user_id', '=', userId);
      if (filter.articleId !== undefined) q = q.where('ai_asks.article_id', '=', filter.articleId);
      if (filter.source !== undefined) q = q.where('ai_asks.source', '=', filter.source as AiAsksTable['source']);
      return q.orderBy('ai_asks.id', 'desc').offset(offset).limit(limit).execute();
    },

    async cached(key: string): Promise<string | null> {
      const row = await own.query.selectFrom('ai_cache').select('content').where('cache_key', '=', key).executeTakeFirst();
      return row?.content ?? null;
    },
    /** Keeps an answer; a concurrent identical one may have been kept first, and then this one replaces it. */
    async keep(key: string, kind: string, model: string, content: string, now: string) {
      await own.query
        .insertInto('ai_cache')
        .values({ cache_key: key, kind, model, content, created_at: now })
        .onConflict((oc) => oc.column('cache_key').doUpdateSet({ content, created_at: now }))
        .execute();
    },
    async forget(key: string) {
      await own.query.deleteFrom('ai_cache').where('cache_key', '=', key).execute();
    },

    async usageOn(userId: number, day: string): Promise<{ tokens: number; requests: number }> {
      const row = await own.query
        .selectFrom('ai_usage')
        .select(['tokens', 'requests'])
        .where('user_id', '=', userId)
        .where('day', '=', day)
        .executeTakeFirst();
      return { tokens: Number(row?.tokens ?? 0), requests: Number(row?.requests ?? 0) };
    },
    async usageBetween(userId: number, fromDay: string, toDay: string): Promise<{ tokens: number; requests: number }> {
      const row = await own.query
        .selectFrom('ai_usage')
        .select((eb) => [eb.fn.sum<number>('tokens').as('tokens'), eb.fn.sum<number>('requests').as('requests')])
        .where('user_id', '=', userId)
        .where('day', '>=', fromDay)
        .where('day', '<=', toDay)
        .executeTakeFirst();
      return { tokens: Number(row?.tokens ?? 0), requests: Number(row?.requests ?? 0) };
    },
    /** Adds a request's reported tokens to the reader's day (one row per reader and day). */
    async count(userId: number, day: string, tokens: number) {
      await own.query
        .insertInto('ai_usage')
        .values({ user_id: userId, day, tokens, requests: 1 })
        .onConflict((oc) =>
          oc.columns(['user_id', 'day']).doUpdateSet((eb) => ({
            tokens: eb('ai_usage.tokens', '+', tokens),
            requests: eb('ai_usage.requests', '+', 1),
          })),
        )
        .execute();
    },
  };
}

export type AiRepo = ReturnType<typeof aiRepo>;
