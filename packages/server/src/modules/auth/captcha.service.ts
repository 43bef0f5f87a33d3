import type { Db } from '../../db/client.js';
import { MINUTE, type Clock } from '../../lib/clock.js';
import { Invalid } from '../../lib/errors.js';
import { captchaRepo } from './captcha.repo.js';
import { loadOnce } from '../../lib/load-once.js';

// svg-captcha parses its font when loaded (~7 MB resident): loaded at the first captcha asked for.
const loadSvgCaptcha = loadOnce(() => import('svg-captcha').then((m) => m.default));

const TTL = 5 * MINUTE;

/** One-time image captchas, one live captcha per client key, stored so any API process can check them. */
export function captchaService(db: Db, clock: Clock) {
  const repo = captchaRepo(db);
  return {
    async create(key: string): Promise<string> {
      const { data, text } = (await loadSvgCaptcha()).create({
        size: 4,
        noise: 2,
        ignoreChars: '0oO1iIlL',
        color: true,
        background: '#f4f1ea',
      });
      const now = clock.now();
      const row = { key, answer: text.toLowerCase(), expires_at: new Date(now.getTime() + TTL).toISOString() };
      await repo.put(row);
      // Expired captchas of other clients are swept as new ones are made.
      await repo.deleteExpired(now.toISOString());
      return data;
    },

    /** Checks and consumes the captcha of `key`: one attempt per image, right or wrong. */
    async consume(key: string | null, answer: string): Promise<void> {
      if (!key) throw new Invalid('请先获取图形验证码');
      const row = await repo.take(key);
      if (!row || row.expires_at <= clock.now().toISOString()) throw new Invalid('图形验证码已过期，请点击图片刷新');
      if (row.answer !== answer.trim().toLowerCase()) throw new Invalid('图形验证码不正确，请重新输入');
    },
  };
}
