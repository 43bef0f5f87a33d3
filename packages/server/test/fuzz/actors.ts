import { randomBytes } from 'node:crypto';
import type { Role } from '@changdu/contract';
import { DAY } from '../../src/lib/clock.js';
import { hashPassword } from '../../src/modules/auth/passwords.js';
import { tokensService } from '../../src/modules/auth/tokens.service.js';
import { usersRepo } from '../../src/modules/users/users.repo.js';
import { usersService } from '../../src/modules/users/users.service.js';
import type { TestApp } from '../test-app.js';

let serial = 0;
// Hashing is slow on purpose; suites that create many users hash each password once, at the
// test apps' cost (test-app.ts sets PASSWORD_HASH_COST=10), so a login does not rehash it.
const TEST_HASH_COST = 10;
const hashes = new Map<string, Promise<string>>();
const hashOnce = (password: string) => {
  if (!hashes.has(password)) hashes.set(password, hashPassword(password, TEST_HASH_COST));
  return hashes.get(password)!;
};

export interface Actor {
  id: number;
  username: string;
  phone: string;
  password: string;
  /** A fresh live token (a new row each call), so a logout or password change cannot spoil the next call. */
  token(): Promise<string>;
}

/**
 * Users of every role with tokens issued directly by the tokens service: the suites that
 * walk the whole table do not depend on the login endpoint (which they also exercise).
 */
export function actors(t: TestApp) {
  const tokens = tokensService(t.db, t.clock, { users: usersService(t.db, t.clock), ttlDays: 30, events: null, log: t.app.log });
  return {
    async create(role: Exclude<Role, 'anonymous'>, password = 'secret123'): Promise<Actor> {
      serial += 1;
      const phone = `137${String((serial * 104_729) % 100_000_000).padStart(8, '0')}`;
      const username = `actor_${serial}_${randomBytes(3).toString('hex')}`;
      const row = await usersRepo(t.db).insert({
        phone,
        username,
        password_hash: await hashOnce(password),
        role: role === 'manager' || role === 'super' ? role : 'user',
        now: t.clock.now().toISOString(),
      });
      if (role === 'member') {
        await t.db.kysely
          .updateTable('users')
          .set({ member_level: 1, member_expires_at: new Date(t.clock.now().getTime() + 30 * DAY).toISOString() })
          .where('id', '=', row.id)
          .execute();
      }
      return {
        id: row.id,
        username,
        phone,
        password,
        token: async () => (await tokens.issue(row.id, { userAgent: null, ip: null })).token,
      };
    },
  };
}
