import { signParams } from '@changdu/contract';
import { describe, expect, it } from 'vitest';
import { HOUR, ManualClock, MINUTE } from '../../lib/clock.js';
import { signedTokens } from '../../lib/signed-token.js';
import { admitReport, issueT, overlapMs, type KeptT, type ReadingKind } from './reading-check.js';

const READER = 7;
const ID = 42;

/** One check for both kinds of reading: every case runs for an article's report and a book's. */
describe.each<ReadingKind>(['article', 'book'])('the reading anti-cheat check (%s)', (kind) => {
  const setup = () => {
    const clock = new ManualClock();
    const signed = signedTokens('a-test-secret-of-enough-length', clock);
    const kept = new Map<string, KeptT>();
    const { t } = issueT(signed, kind, ID, READER, clock.now());
    /** A report of `spent` seconds, signed now (or at `signAt`), recorded as credited when let through. */
    const send = async (spent: number, o: { t?: string; id?: number; userId?: number; signAt?: number; signature?: string } = {}) => {
      const params =
        kind === 'article'
          ? { article_id: o.id ?? ID, spent_time: spent, is_finish: false, t: o.t ?? t }
          : { id: o.id ?? ID, spent_time: spent, t: o.t ?? t };
      const signature = o.signature ?? signParams(params, o.signAt ?? clock.now().getTime());
      const admitted = await admitReport(
        { signed, kept: async (hash) => kept.get(hash) },
        { kind, id: o.id ?? ID, userId: o.userId ?? READER, params, signature, now: clock.now() },
      );
      kept.set(admitted.tokenHash, { credited: (admitted.expected?.credited ?? 0) + spent, last_sign_at: admitted.signAt });
      return admitted;
    };
    return { clock, signed, t, send };
  };

  it('lets through time no greater than has passed since t, counting what was credited before', async () => {
    const { clock, send } = setup();
    clock.advance(2 * MINUTE);
    expect((await send(100)).expected).toBeNull();
    clock.advance(MINUTE);
    await expect(send(90)).rejects.toThrow('阅读时长超过了实际经过的时间，未记录');
    expect((await send(80)).expected).toMatchObject({ credited: 100 });
  });

  it('refuses a replayed, badly signed or stale report', async () => {
    const { clock, send } = setup();
    clock.advance(MINUTE);
    const signAt = clock.now().getTime();
    await send(10, { signAt });
    await expect(send(10, { signAt })).rejects.toThrow('重复的上报，未记录');
    await expect(send(10, { signature: '1234567' })).rejects.toThrow('请求签名无效，未记录');
    await expect(send(10, { signAt: signAt - 10 * MINUTE })).rejects.toThrow('上报已过期，未记录');
  });

  it('refuses a forged t, an expired one, one for another reader or item, and one for the other kind of reading', async () => {
    const { clock, signed, t, send } = setup();
    clock.advance(MINUTE);
    await expect(send(10, { t: `${t.split('.')[0]}.forged` })).rejects.toThrow('阅读凭证无效，请刷新页面');
    await expect(send(10, { userId: READER + 1 })).rejects.toThrow(/阅读凭证与这(篇文章|本书)不符/);
    await expect(send(10, { id: ID + 1 })).rejects.toThrow(/阅读凭证与这(篇文章|本书)不符/);
    const other = issueT(signed, kind === 'article' ? 'book' : 'article', ID, READER, clock.now()).t;
    await expect(send(10, { t: other })).rejects.toThrow('阅读凭证无效，请刷新页面');
    const upload = signed.issue('upload', { r: ID, u: READER, i: clock.now().getTime() }, HOUR).token;
    await expect(send(10, { t: upload })).rejects.toThrow('阅读凭证无效，请刷新页面');
    clock.advance(12 * HOUR);
    await expect(send(10)).rejects.toThrow('阅读凭证已过期，请刷新页面');
  });
});

describe('the part of an offline window other windows already cover', () => {
  it('counts each instant once, however the others overlap each other or the edges', () => {
    const window = { start: 100, end: 200 };
    expect(overlapMs(window, [])).toBe(0);
    expect(overlapMs(window, [{ start: 0, end: 50 }])).toBe(0);
    expect(overlapMs(window, [{ start: 50, end: 120 }])).toBe(20);
    expect(
      overlapMs(window, [
        { start: 130, end: 160 },
        { start: 150, end: 170 },
        { start: 190, end: 300 },
      ]),
    ).toBe(50);
    expect(overlapMs(window, [{ start: 0, end: 1000 }])).toBe(100);
  });
});
