import type { Insertable } from 'kysely';
import { transaction, type Db } from '../../db/client.js';
import type { LogEventsTable, VisitorsTable } from '../../db/schema.js';
import { tablesOf } from '../../db/ownership.js';

export function logsRepo(db: Db) {
  const own = tablesOf(db, 'logs');
  return {
    /** Stores the event and folds it into its visitor, in one transaction. */
    async record(event: Insertable<LogEventsTable>, visitor: Insertable<VisitorsTable>): Promise<number> {
      return transaction(db, async () => {
        const { id } = await own.query.insertInto('log_events').values(event).returning('id').executeTakeFirstOrThrow();
        await own.query
          .insertInto('visitors')
          .values(visitor)
          .onConflict((oc) =>
            oc.column('cuid').doUpdateSet((eb) => ({
              uid: eb.fn.coalesce('excluded.uid', 'visitors.uid'),
              source: eb.ref('excluded.source'),
              platform: eb.fn.coalesce('excluded.platform', 'visitors.platform'),
              last_seen_at: eb.ref('excluded.last_seen_at'),
              last_event: eb.ref('excluded.last_event'),
              last_path: eb.fn.coalesce('excluded.last_path', 'visitors.last_path'),
              events: eb('visitors.events', '+', 1),
              // New until the browser comes back: a later visit reports is_new false (its client id
              // already existed) and the visitor is returning from then on.
              is_new: eb.case().when('excluded.is_new', '=', 0).then(0).else(eb.ref('visitors.is_new')).end(),
            })),
          )
          .execute();
        return id;
      });
    },

    visitors: (offset: number, limit: number) =>
      own.query
        .selectFrom('visitors')
        .leftJoin('users', 'users.id', 'visitors.uid')
        // The list's columns only: the row also keeps what other features need (articles_seen_at).
        .select([
          'visitors.cuid',
          'visitors.uid',
          'users.username',
          'visitors.source',
          'visitors.platform',
          'visitors.first_seen_at',
          'visitors.last_seen_at',
          'visitors.last_event',
          'visitors.last_path',
          'visitors.events',
          'visitors.is_new',
        ])
        .orderBy('visitors.last_seen_at', 'desc')
        .orderBy('visitors.cuid')
        .limit(limit)
        .offset(offset)
        .execute(),

    events: (cuid: string, offset: number, limit: number) =>
      own.query.selectFrom('log_events').selectAll().where('cuid', '=', cuid).orderBy('id', 'desc').limit(limit).offset(offset).execute(),

    /** When the visitor last opened the newest articles (the articles module's "new since"); null if never or unknown. */
    articlesSeenAt: async (cuid: string): Promise<string | null> =>
      (await own.query.selectFrom('visitors').select('articles_seen_at').where('cuid', '=', cuid).executeTakeFirst())?.articles_seen_at ??
      null,
    /** Kept on the visitor's row only: a client that never logged a visit has none, and nothing is kept for it. */
    async markArticlesSeen(cuid: string, now: string): Promise<void> {
      await own.query.updateTable('visitors').set({ articles_seen_at: now }).where('cuid', '=', cuid).execute();
    },

    visitorExists: async (cuid: string) =>
      Boolean(await own.query.selectFrom('visitors').select('cuid').where('cuid', '=', cuid).executeTakeFirst()),
  };
}
