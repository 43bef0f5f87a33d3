import type { Insertable } from 'kysely';
import type { Db } from '../../db/client.js';
import type { RssItemsTable } from '../../db/schema.js';
import { tablesOf } from '../../db/ownership.js';

export function rssRepo(db: Db) {
  const own = tablesOf(db, 'rss');
  const feedsWithCounts = () =>
    own.query
      .selectFrom('rss_feeds')
      .selectAll('rss_feeds')
      .select((eb) =>
        eb
          .selectFrom('rss_items')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('rss_items.feed_id', '=', 'rss_feeds.id')
          .as('item_count'),
      );
  return {
    feeds: () => feedsWithCounts().orderBy('rss_feeds.id', 'desc').execute(),
    feed: (id: number) => feedsWithCounts().where('rss_feeds.id', '=', id).executeTakeFirst(),
    feedByUrl: (url: string) => own.query.selectFrom('rss_feeds').selectAll().where('url', '=', url).executeTakeFirst(),
    insertFeed: async (row: {
      url: string;
      title: string;
      site_url: string | null;
      description: string | null;
      created_by: number | null;
      created_at: string;
    }) =>
      (
        await own.query
          .insertInto('rss_feeds')
          .values({ ...row, last_crawled_at: null, last_error: null })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    async markCrawled(
      id: number,
      at: string,
      error: string | null,
      meta?: { title: string; site_url: string | null; description: string | null },
    ) {
      await own.query
        .updateTable('rss_feeds')
        .set({ last_crawled_at: at, last_error: error, ...(meta ?? {}) })
        .where('id', '=', id)
        .execute();
    },
    /** Feeds not crawled since `before` (scheduled crawling). */
    dueFeeds: (before: string) =>
      own.query
        .selectFrom('rss_feeds')
        .select('id')
        .where((eb) => eb.or([eb('last_crawled_at', 'is', null), eb('last_crawled_at', '<', before)]))
        .execute(),

    /** Stores the items not seen before; answers how many were new. */
    async insertNewItems(items: Insertable<RssItemsTable>[]): Promise<number> {
      let added = 0;
      for (const item of items) {
        const result = await own.query
          .insertInto('rss_items')
          .values(item)
          .onConflict((oc) => oc.columns(['feed_id', 'guid']).doNothing())
          .executeTakeFirst();
        added += Number(result.numInsertedOrUpdatedRows ?? 0n) > 0 ? 1 : 0;
      }
      return added;
    },
    items: (feedId: number, offset: number, limit: number) =>
      own.query
        .selectFrom('rss_items')
        .leftJoin('articles', 'articles.id', 'rss_items.article_id')
        .selectAll('rss_items')
        .select('articles.status as article_status')
        .where('rss_items.feed_id', '=', feedId)
        .orderBy('rss_items.published_at', 'desc')
        .orderBy('rss_items.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
    item: (id: number) =>
      own.query
        .selectFrom('rss_items')
        .innerJoin('rss_feeds', 'rss_feeds.id', 'rss_items.feed_id')
        .selectAll('rss_items')
        .select(['rss_feeds.title as feed_title'])
        .where('rss_items.id', '=', id)
        .executeTakeFirst(),
    async linkArticle(itemId: number, articleId: number) {
      await own.query.updateTable('rss_items').set({ article_id: articleId }).where('id', '=', itemId).execute();
    },
  };
}

export type RssRepo = ReturnType<typeof rssRepo>;
