import type { User } from '@changdu/contract';
import type { Db } from '../../db/client.js';
import { isUniqueViolation, transaction } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { Conflict, NotFound } from '../../lib/errors.js';
import { toUser } from './user.mapper.js';
import { usersRepo, type NewUser, type UserRow } from './users.repo.js';

/** Accounts: the only module that reads or writes `users`; auth and the seed go through here. */
export function usersService(db: Db, clock: Clock) {
  const users = usersRepo(db);
  const show = (row: UserRow): User => toUser(row, clock.now());
  return {
    show,
    byId: users.findById,
    byPhone: users.findByPhone,
    byUsername: users.findByUsername,
    allIds: users.allIds,
    count: users.count,
    countByRole: users.countByRole,
    create: (user: NewUser) => users.insert(user),
    setPassword: users.updatePassword,
    replacePasswordHash: users.replacePasswordHash,
    async changeUsername(user: UserRow, username: string): Promise<User> {
      if (username === user.username) return show(user);
      const taken = await users.findByUsername(username);
      if (taken && taken.id !== user.id) throw new Conflict('这个用户名已被占用，换一个吧');
      try {
        return show(await users.updateUsername(user.id, username, clock.now().toISOString()));
      } catch (error) {
        if (isUniqueViolation(error)) throw new Conflict('这个用户名已被占用，换一个吧');
        throw error;
      }
    },
    /** Membership is changed only here (compare-and-set; the membership module retries on a race). */
    replaceMembership: users.replaceMembership,
    setXhsId: (id: number, xhsId: string) => users.updateXhsId(id, xhsId, clock.now().toISOString()),
    namesOf: users.namesOf,
    search: async (q: string) => ({ list: (await users.search(q)).map(show) }),
    /** Binds a WeChat openid to a user (managers); the openid moves if another account held it. */
    async bindOpenid(userId: number, openid: string): Promise<User> {
      const row = await transaction(db, () => users.bindOpenid(userId, openid, clock.now().toISOString()));
      if (!row) throw new NotFound('用户不存在');
      return show(row);
    },
    searchByOpenid: async (openid: string) => ({ list: (await users.findByOpenid(openid)).map(show) }),
  };
}

export type UsersService = ReturnType<typeof usersService>;
