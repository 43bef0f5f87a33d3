import type { RateLimitRule } from '@changdu/contract';
import type { RateLimiter } from '../../http/rate-limit.js';
import { TooMany } from '../../lib/errors.js';

/**
 * Login limits that an attacker cannot turn against the account's owner (docs/operations.md,
 * Rate limits). Failures are counted per account (one counter whatever name was typed) and
 * address, and per account from everywhere with a slower limit; a device that has logged into
 * the account before (its address, or the server-issued device id of its `bb_dev` cookie) passes
 * the per-account limit with the right password. The counters live
 * in the rate limiter's store, so every API process shares them when Redis is configured.
 */

const BUCKET = 'auth.login';
const KNOWN = 'auth.login.known';
/** Wrong passwords for one account from one address: a guesser at one address, or the owner mistyping. */
export const ADDRESS_RULE: RateLimitRule = { by: { field: 'account@ip' }, max: 10, windowSec: 15 * 60 };
/** Wrong passwords for one account from every address: guessing spread over many. Known devices pass it. */
export const ACCOUNT_RULE: RateLimitRule = { by: { field: 'account' }, max: 30, windowSec: 60 * 60 };
/** How long a device stays known after a login; each login restarts it (under the memory store's ~24-day timer limit). */
export const KNOWN_DEVICE_SEC = 21 * 24 * 60 * 60;

const WHAT = '登录失败次数太多';

export interface LoginAttempt {
  /** The account the name resolved to; null for a name no account has. */
  userId: number | null;
  /** The name as typed, counted when no account has it. */
  typedName: string;
  ip: string;
  /**
   * The server-issued device id (`lib/device-id.ts`): the browser's `bb_dev` cookie, or a new one
   * that becomes known when this attempt succeeds. Never the client-chosen X-BB-CUID, which
   * page scripts read and visitor logs show.
   */
  device: string;
}

/** The counter key of an account: its id, or for an unknown name the name without case, width or outer spaces. */
function accountKey(attempt: LoginAttempt): string {
  return attempt.userId !== null ? `user:${attempt.userId}` : `name:${attempt.typedName.normalize('NFKC').trim().toLowerCase()}`;
}

const devicesOf = (attempt: LoginAttempt) => [`ip:${attempt.ip}`, `device:${attempt.device}`];

export function loginGuard(limiter: RateLimiter | null) {
  async function isKnownDevice(attempt: LoginAttempt): Promise<boolean> {
    if (!limiter || attempt.userId === null) return false;
    for (const device of devicesOf(attempt)) {
      if (await limiter.remembers(KNOWN, `user:${attempt.userId}|${device}`)) return true;
    }
    return false;
  }

  return {
    /**
     * Runs the password check `verify` within the limits and answers its result, or throws
     * TooMany with the wait. The attempt is counted before the check, so parallel guesses
     * cannot all slip past one count, and taken back when the password was right.
     */
    async check(attempt: LoginAttempt, verify: () => Promise<boolean>): Promise<boolean> {
      if (!limiter) return verify();
      const account = accountKey(attempt);
      const fromAddress = await limiter.count(BUCKET, ADDRESS_RULE, `${account}|${attempt.ip}`);
      if (fromAddress.wait !== null) throw TooMany.after(fromAddress.wait, WHAT);
      const overall = await limiter.count(BUCKET, ACCOUNT_RULE, account);
      if (overall.wait !== null && !(await isKnownDevice(attempt))) {
        // No password was checked, so this attempt is no failure to count.
        await Promise.all([fromAddress.undo(), overall.undo()]);
        throw TooMany.after(overall.wait, WHAT);
      }
      const valid = await verify();
      if (valid) {
        await Promise.all([fromAddress.undo(), overall.undo()]);
        if (attempt.userId !== null) {
          for (const device of devicesOf(attempt)) await limiter.remember(KNOWN, `user:${attempt.userId}|${device}`, KNOWN_DEVICE_SEC);
        }
      }
      return valid;
    },
  };
}

export type LoginGuard = ReturnType<typeof loginGuard>;
