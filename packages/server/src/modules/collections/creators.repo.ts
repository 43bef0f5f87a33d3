import type { Selectable } from 'kysely';
import type { Db } from '../../db/client.js';
import type { CreatorApplicationsTable, CreatorsTable } from '../../db/schema.js';
import { tablesOf } from '../../db/ownership.js';

export type CreatorRow = Selectable<CreatorsTable>;
export type ApplicationRow = Selectable<CreatorApplicationsTable>;

/** Creators (the flag is the row), their followers, and applications: the only writer of these tables. */
export function creatorsRepo(db: Db) {
  const own = tablesOf(db, 'collections');
  return {
    find: (userId: number) => own.query.selectFrom('creators').selectAll().where('user_id', '=', userId).executeTakeFirst(),

    /** Which of these users are creators. */
    async creatorsAmong(userIds: readonly number[]): Promise<Set<number>> {
      if (userIds.length === 0) return new Set();
      const rows = await own.query
        .selectFrom('creators')
        .select('user_id')
        .where('user_id', 'in', [...new Set(userIds)])
        .execute();
      return new Set(rows.map((r) => r.user_id));
    },

    list: (offset: number, limit: number) =>
      own.query
        .selectFrom('creators')
        .selectAll()
        .orderBy('follower_count', 'desc')
        .orderBy('created_at')
        .orderBy('user_id')
        .limit(limit)
        .offset(offset)
        .execute(),

    /** Makes the user a creator (keeps an existing profile). */
    async make(userId: number, bio: string | null, now: string) {
      await own.query
        .insertInto('creators')
        .values({ user_id: userId, bio, avatar: null, author_id: null, created_at: now })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
    },

    async setByline(userId: number, authorId: number | null) {
      await own.query.updateTable('creators').set({ author_id: authorId }).where('user_id', '=', userId).execute();
    },

    async follows(userId: number, creatorId: number): Promise<boolean> {
      const row = await own.query
        .selectFrom('creator_follows')
        .select('creator_id')
        .where('user_id', '=', userId)
        .where('creator_id', '=', creatorId)
        .executeTakeFirst();
      return Boolean(row);
    },

    /** Follows or unfollows; the count moves only when a row was added or removed (call in a transaction). */
    async setFollow(userId: number, creatorId: number, follow: boolean, now: string) {
      let changed: number;
      if (follow) {
        const res = await own.query
          .insertInto('creator_follows')
          .values({ user_id: userId, creator_id: creatorId, created_at: now })
          .onConflict((oc) => oc.columns(['user_id', 'creator_id']).doNothing())
          .executeTakeFirst();
        changed = Number(res.numInsertedOrUpdatedRows ?? 0n);
      } else {
        const res = await own.query
          .deleteFrom('creator_follows')
          .where('user_id', '=', userId)
          .where('creator_id', '=', creatorId)
          .executeTakeFirst();
        changed = -Number(res.numDeletedRows);
      }
      if (changed !== 0) {
        await own.query
          .updateTable('creators')
          .set((eb) => ({ follower_count: eb('follower_count', '+', changed) }))
          .where('user_id', '=', creatorId)
          .execute();
      }
    },

    async addApplication(userId: number, statement: string, bio: string | null, now: string): Promise<ApplicationRow> {
      return own.query
        .insertInto('creator_applications')
        .values({ user_id: userId, statement, bio, status: 'pending', reason: null, reviewed_by: null, created_at: now, reviewed_at: null })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    application: (id: number) => own.query.selectFrom('creator_applications').selectAll().where('id', '=', id).executeTakeFirst(),

    latestApplication: (userId: number) =>
      own.query
        .selectFrom('creator_applications')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .executeTakeFirst(),

    applications: (status: ApplicationRow['status'], offset: number, limit: number) =>
      own.query
        .selectFrom('creator_applications')
        .selectAll()
        .where('status', '=', status)
        .orderBy('created_at', status === 'pending' ? 'asc' : 'desc')
        .orderBy('id')
        .limit(limit)
        .offset(offset)
        .execute(),

    /** Decides a pending application; false when it was no longer pending (decided meanwhile). */
    async decide(id: number, status: 'approved' | 'refused', reason: string | null, reviewerId: number, now: string): Promise<boolean> {
      const res = await own.query
        .updateTable('creator_applications')
        .set({ status, reason, reviewed_by: reviewerId, reviewed_at: now })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },
  };
}
