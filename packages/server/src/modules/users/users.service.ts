import type { User } from '@changdu/contract';
import type { Db } from '../../db/client.js';
import { afterCommit, isUniqueViolation, transaction } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { Conflict, NotFound } from '../../lib/errors.js';
import { toUser } from './user.mapper.js';
import { usersRepo, type NewUser, type UserRow } from './users.repo.js';

/** Accounts: the only module that writes `users` (others read declared columns only, db/ownership.ts); auth and the seed go through here. */
export function usersService(db: Db, clock: Clock) {
  const users = usersRepo(db);
  const show = (row: UserRow): User => toUser(row, clock.now());
  const listeners = new Set<(userId: number) => void>();
  /** Every change of an existing row ends here, once it is committed: copies kept elsewhere (auth's sessions) are dropped. */
  const changed = (...ids: number[]) => afterCommit(db, () => ids.forEach((id) => listeners.forEach((listener) => listener(id))));
  return {
    show,
    /** `listener` hears of every change to a user's row, after it commits, in this process. */
    onChanged(listener: (userId: number) => void): void {
      listeners.add(listener);
    },
    byId: users.findById,
    byPhone: users.findByPhone,
    byUsername: users.findByUsername,
    allIds: users.allIds,
    count: users.count,
    countByRole: users.countByRole,
    create: (user: NewUser) => users.insert(user),
    async setPassword(id: number, passwordHash: string, now: string): Promise<void> {
      await users.updatePassword(id, passwordHash, now);
      changed(id);
    },
    async replacePasswordHash(id: number, from: string, to: string, now: string): Promise<boolean> {
      const done = await users.replacePasswordHash(id, from, to, now);
      if (done) changed(id);
      return done;
    },
    async changeUsername(user: UserRow, username: string): Promise<User> {
      if (username === user.username) return show(user);
      const taken = await users.findByUsername(username);
      if (taken && taken.id !== user.id) throw new Conflict('这个用户名已被占用，换一个吧');
      try {
        const row = await users.updateUsername(user.id, username, clock.now().toISOString());
        changed(user.id);
        return show(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw new Conflict('这个用户名已被占用，换一个吧');
        throw error;
      }
    },
    /** Membership is changed only here (compare-and-set; the membership module retries on a race). */
    async replaceMembership(...args: Parameters<typeof users.replaceMembership>): Promise<boolean> {
      const done = await users.replaceMembership(...args);
      if (done) changed(args[0]);
      return done;
    },
    async setXhsId(id: number, xhsId: string): Promise<void> {
      await users.updateXhsId(id, xhsId, clock.now().toISOString());
      changed(id);
    },
    namesOf: users.namesOf,
    // Not a change listeners hear of: no kept copy of the row reads it (the articles module asks each time).
    articlesSeenAt: users.articlesSeenAt,
    markArticlesSeen: users.markArticlesSeen,
    search: async (q: string) => ({ list: (await users.search(q)).map(show) }),
    /** Binds a WeChat openid to a user (managers); the openid moves if another account held it. */
    async bindOpenid(userId: number, openid: string): Promise<User> {
      const { row, released } = await transaction(db, () => users.bindOpenid(userId, openid, clock.now().toISOString()));
      if (!row) throw new NotFound('用户不存在');
      changed(userId, ...released);
      return show(row);
    },
    searchByOpenid: async (openid: string) => ({ list: (await users.findByOpenid(openid)).map(show) }),
  };
}

export type UsersService = ReturnType<typeof usersService>;
