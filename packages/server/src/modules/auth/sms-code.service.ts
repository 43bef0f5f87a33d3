import { createHash, randomInt } from 'node:crypto';
import type { Db } from '../../db/client.js';
import { DAY, MINUTE, type Clock } from '../../lib/clock.js';
import { Invalid, TooMany } from '../../lib/errors.js';
import type { SmsProvider } from '../../providers/sms/sms.provider.js';
import { pageOf } from '../../lib/page.js';
import { smsCodesRepo } from './sms-codes.repo.js';
import { smsOutboxRepo } from './sms-outbox.repo.js';

export const SMS_CODE_TTL_MIN = 10;
export const SMS_RESEND_SEC = 60;
const DAILY_LIMIT = 10;
const MAX_ATTEMPTS = 5;
const OUTBOX_PAGE = 20;

const PURPOSE: Record<string, string> = { register: '注册', reset: '重设密码' };
const hashCode = (phone: string, code: string) => createHash('sha256').update(`${phone}:${code}`).digest('hex');

/** Six-digit SMS codes: rate-limited per phone, hashed at rest, five tries, single use. */
export function smsCodeService(db: Db, clock: Clock, provider: SmsProvider) {
  const codes = smsCodesRepo(db);
  const outbox = smsOutboxRepo(db);
  return {
    /** The messages sent while no provider delivers them (the console provider), newest first. */
    async outbox(offset: number) {
      return pageOf(await outbox.list(offset, OUTBOX_PAGE + 1), offset, OUTBOX_PAGE);
    },

    async send(phone: string, stype: string) {
      const now = clock.now();
      const recent = await codes.sentSince(phone, new Date(now.getTime() - DAY).toISOString());
      const last = recent[0];
      if (last) {
        const wait = Math.ceil((Date.parse(last.created_at) + SMS_RESEND_SEC * 1000 - now.getTime()) / 1000);
        if (wait > 0) throw new TooMany(`验证码已发送，请 ${wait} 秒后再获取`, wait);
      }
      if (recent.length >= DAILY_LIMIT) {
        // The day is a sliding 24 hours (newest first): another code may go once the tenth newest is a day old.
        const tenth = recent[DAILY_LIMIT - 1]!;
        const wait = Math.max(1, Math.ceil((Date.parse(tenth.created_at) + DAY - now.getTime()) / 1000));
        throw new TooMany('今天获取验证码的次数太多了，请明天再试', wait);
      }

      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const text = `【畅读】您的${PURPOSE[stype] ?? ''}验证码是 ${code}，${SMS_CODE_TTL_MIN} 分钟内有效。如非本人操作，请忽略。`;
      await provider.send({ phone, stype, text });
      // Not delivered to a phone: kept where a super user can read it out.
      if (!provider.delivers) await outbox.add({ phone, stype, text, provider: provider.name, created_at: now.toISOString() });
      await codes.insert({
        phone,
        stype,
        code_hash: hashCode(phone, code),
        attempts: 0,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + SMS_CODE_TTL_MIN * MINUTE).toISOString(),
        consumed_at: null,
      });
      return { expires_in: SMS_CODE_TTL_MIN * 60, resend_after: SMS_RESEND_SEC };
    },

    /** Consumes the newest live code for phone + purpose; wrong codes count against it. */
    async consume(phone: string, stype: string, code: string): Promise<void> {
      const now = clock.now().toISOString();
      const row = await codes.newestUnused(phone, stype);
      if (!row || row.expires_at <= now) throw new Invalid('短信验证码已过期，请重新获取');
      if (row.attempts >= MAX_ATTEMPTS) throw new Invalid('短信验证码错误次数太多，请重新获取');
      if (row.code_hash !== hashCode(phone, code.trim())) {
        await codes.countFailure(row.id, row.attempts + 1);
        throw new Invalid('短信验证码不正确');
      }
      // Two requests racing for one code: only the first wins.
      if (!(await codes.consume(row.id, now))) throw new Invalid('短信验证码已使用，请重新获取');
    },
  };
}

export type SmsCodeService = ReturnType<typeof smsCodeService>;
