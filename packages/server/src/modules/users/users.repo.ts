import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/client.js';
import type { UsersTable } from '../../db/schema.js';
import { tablesOf } from '../../db/ownership.js';

export type UserRow = Selectable<UsersTable>;

export interface NewUser {
  phone: string | null;
  username: string;
  password_hash: string;
  role: UserRow['role'];
  now: string;
}

export function usersRepo(db: Db) {
  const own = tablesOf(db, 'users');
  return {
    /** Every account's id (first start only: the demo book goes onto every shelf). */
    allIds: async () => (await own.query.selectFrom('users').select('id').orderBy('id').execute()).map((r) => r.id),
    findById: (id: number) => own.query.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst(),
    findByPhone: (phone: string) => own.query.selectFrom('users').selectAll().where('phone', '=', phone).executeTakeFirst(),
    findByUsername: (username: string) =>
      own.query
        .selectFrom('users')
        .selectAll()
        .where(sql<string>`lower(username)`, '=', username.toLowerCase())
        .executeTakeFirst(),
    findByOpenid: (openid: string) =>
      own.query.selectFrom('users').selectAll().where('openid', '=', openid).orderBy('id').limit(20).execute(),
    /** Gives `openid` to user `id` alone: whoever held it before loses it (`released`: their ids). */
    async bindOpenid(id: number, openid: string, now: string): Promise<{ row: UserRow | undefined; released: number[] }> {
      const released = await own.query
        .updateTable('users')
        .set({ openid: null, updated_at: now })
        .where('openid', '=', openid)
        .where('id', '!=', id)
        .returning('id')
        .execute();
      const row = await own.query
        .updateTable('users')
        .set({ openid, updated_at: now })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      return { row, released: released.map((r) => r.id) };
    },
    count: async () =>
      Number(
        (
          await own.query
            .selectFrom('users')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    countByRole: async (role: UserRow['role']) =>
      Number(
        (
          await own.query
            .selectFrom('users')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('role', '=', role)
            .executeTakeFirstOrThrow()
        ).n,
      ),

    async insert(user: NewUser): Promise<UserRow> {
      return own.query
        .insertInto('users')
        .values({
          phone: user.phone,
          username: user.username,
          password_hash: user.password_hash,
          role: user.role,
          openid: null,
          xhs_id: null,
          member_level: null,
          member_expires_at: null,
          articles_seen_at: null,
          created_at: user.now,
          updated_at: user.now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async updatePassword(id: number, passwordHash: string, now: string): Promise<void> {
      await own.query.updateTable('users').set({ password_hash: passwordHash, updated_at: now }).where('id', '=', id).execute();
    },

    /**
     * Replaces the hash only while it is still `from`, so of two changes racing from one old
     * password exactly one applies (and a rehash never undoes a change made meanwhile). True when it did.
     */
    async replacePasswordHash(id: number, from: string, to: string, now: string): Promise<boolean> {
      const done = await own.query
        .updateTable('users')
        .set({ password_hash: to, updated_at: now })
        .where('id', '=', id)
        .where('password_hash', '=', from)
        .executeTakeFirst();
      return Number(done.numUpdatedRows) === 1;
    },

    async updateUsername(id: number, username: string, now: string): Promise<UserRow> {
      return own.query
        .updateTable('users')
        .set({ username, updated_at: now })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /**
     * Sets the membership only while it still is `from` (compare-and-set), so two changes racing
     * on one account never lose one's days. True when it applied.
     */
    async replaceMembership(
      id: number,
      from: { level: number | null; expiresAt: string | null },
      to: { level: number | null; expiresAt: string | null },
      now: string,
    ): Promise<boolean> {
      let q = own.query
        .updateTable('users')
        .set({ member_level: to.level, member_expires_at: to.expiresAt, updated_at: now })
        .where('id', '=', id);
      q = from.level === null ? q.where('member_level', 'is', null) : q.where('member_level', '=', from.level);
      q = from.expiresAt === null ? q.where('member_expires_at', 'is', null) : q.where('member_expires_at', '=', from.expiresAt);
      return Number((await q.executeTakeFirst()).numUpdatedRows) === 1;
    },

    async updateXhsId(id: number, xhsId: string, now: string): Promise<void> {
      await own.query.updateTable('users').set({ xhs_id: xhsId, updated_at: now }).where('id', '=', id).execute();
    },

    /** When the reader last opened the newest articles (the articles module's "new since"); null if never. */
    articlesSeenAt: async (id: number): Promise<string | null> =>
      (await own.query.selectFrom('users').select('articles_seen_at').where('id', '=', id).executeTakeFirst())?.articles_seen_at ?? null,
    async markArticlesSeen(id: number, now: string): Promise<void> {
      await own.query.updateTable('users').set({ articles_seen_at: now }).where('id', '=', id).execute();
    },

    /** id → username of the given users, in one query. */
    namesOf: async (ids: readonly number[]): Promise<Map<number, string>> => {
      if (ids.length === 0) return new Map();
      const rows = await own.query
        .selectFrom('users')
        .select(['id', 'username'])
        .where('id', 'in', [...new Set(ids)])
        .execute();
      return new Map(rows.map((r) => [r.id, r.username]));
    },

    /** Phone, username (substring) or id; at most 20 rows, exact matches first. */
    search(q: string): Promise<UserRow[]> {
      const like = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const numeric = /^\d+$/.test(q) ? Number(q) : null;
      return own.query
        .selectFrom('users')
        .selectAll()
        .where((eb) =>
          eb.or([
            eb('phone', '=', q),
            ...(/^\d{3,}$/.test(q) ? [eb('phone', 'like', `${q}%`)] : []),
            eb(sql<string>`lower(username)`, 'like', sql<string>`${like} escape '\\'`),
            ...(numeric !== null && Number.isSafeInteger(numeric) && numeric < 2 ** 31 ? [eb('id', '=', numeric)] : []),
          ]),
        )
        .orderBy(sql`case when phone = ${q} or lower(username) = ${q.toLowerCase()} then 0 else 1 end`)
        .orderBy('id')
        .limit(20)
        .execute();
    },
  };
}

export type UsersRepo = ReturnType<typeof usersRepo>;
