import { signParams } from '@changdu/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createArticle } from '../../../test/factories.js';
import { createSiblingApp, createTestApp, type TestApp } from '../../../test/test-app.js';
import { DAY, HOUR, MINUTE } from '../../lib/clock.js';
import { streaks } from '../../lib/days.js';

let t: TestApp;
let reader: { token: string; user: { id: number } };
let articleId: number;

beforeEach(async () => {
  t = await createTestApp();
  reader = await t.createUser();
  articleId = await createArticle(t, { title: 'Timed' });
});
afterEach(() => t.close());

async function startReading(id = articleId, token = reader.token) {
  const res = await t.call('history.token', { article_id: id }, { token });
  expect(res.code, res.msg).toBe('200');
  return res.result!.t;
}

/** Reports reading time the way the web client does: with the request signature. */
function report(
  tValue: string,
  spent: number,
  options: { finish?: boolean; id?: number; token?: string; signAt?: number; tampered?: boolean } = {},
) {
  const params = { article_id: options.id ?? articleId, spent_time: spent, is_finish: options.finish ?? false, t: tValue };
  const good = signParams(params, options.signAt ?? t.clock.now().getTime());
  // A tampered signature keeps its fresh time and changes its checksum (the last three digits),
  // so it fails on the checksum every time: a made-up one matched its params one run in 1,000.
  const sign = options.tampered ? good.slice(0, -3) + String((Number(good.slice(-3)) + 1) % 1000).padStart(3, '0') : good;
  return t.call('history.report', params, { token: options.token ?? reader.token, headers: { 'x-bb-sign': sign } });
}

describe('reading time', () => {
  it('credits time no greater than has passed since t, accumulating without double counting', async () => {
    const tValue = await startReading();
    t.clock.advance(2 * MINUTE);
    const first = await report(tValue, 100);
    expect(first.result).toMatchObject({ credited: 100, today: { seconds: 100, minutes: 2 } });
    t.clock.advance(MINUTE);
    // 100 already credited + 90 would be 190 s, but only 180 s have passed.
    expect(await report(tValue, 90)).toMatchObject({ http: 400, msg: '阅读时长超过了实际经过的时间，未记录' });
    expect((await report(tValue, 80)).result?.today.seconds).toBe(180);
  });

  it.each([
    ['a forged t', (real: string) => `${real.split('.')[0]}.forged`, '阅读凭证无效，请刷新页面'],
    ['a t for another reader', null, '阅读凭证与这篇文章不符'],
  ])('refuses %s', async (_label, forge, msg) => {
    const real = await startReading();
    t.clock.advance(MINUTE);
    if (forge) {
      expect(await report(forge(real), 30)).toMatchObject({ http: 400, msg });
    } else {
      const other = await t.createUser();
      expect(await report(real, 30, { token: other.token })).toMatchObject({ http: 400, msg });
    }
    expect((await t.call('history.today', {}, { token: reader.token })).result!.seconds).toBe(0);
  });

  it('refuses a t of another article, an old t, a bad signature, an old signature and a replay', async () => {
    const tValue = await startReading();
    const other = await createArticle(t);
    t.clock.advance(MINUTE);
    expect((await report(tValue, 30, { id: other })).msg).toBe('阅读凭证与这篇文章不符');
    expect((await report(tValue, 30, { tampered: true })).msg).toBe('请求签名无效，未记录');
    expect((await report(tValue, 30, { signAt: t.clock.now().getTime() - 10 * MINUTE })).msg).toBe('上报已过期，未记录');

    const signAt = t.clock.now().getTime();
    expect((await report(tValue, 20, { signAt })).code).toBe('200');
    expect((await report(tValue, 20, { signAt })).msg).toBe('重复的上报，未记录');

    const stale = await startReading();
    t.clock.advance(13 * HOUR);
    expect((await report(stale, 30)).msg).toBe('阅读凭证已过期，请刷新页面');
    expect((await t.call('history.list', {}, { token: reader.token })).result!.list[0]).toMatchObject({ spent_time: 20 });
  });

  it('signs t with the app secret: a process sharing APP_SECRET takes it, one with another secret refuses it', async () => {
    await t.close();
    const secret = 'the-app-secret-of-this-deployment';
    t = await createTestApp({ env: { APP_SECRET: secret } });
    reader = await t.createUser();
    articleId = await createArticle(t, { title: 'Timed' });
    const sibling = await createSiblingApp(t, { env: { APP_SECRET: secret } });
    const stranger = await createSiblingApp(t, { env: { APP_SECRET: 'another-secret-of-another-deployment' } });
    try {
      const tValue = await startReading();
      t.clock.advance(MINUTE);
      const params = { article_id: articleId, spent_time: 30, is_finish: false, t: tValue };
      const send = (app: TestApp) =>
        app.call('history.report', params, { token: reader.token, headers: { 'x-bb-sign': signParams(params, app.clock.now().getTime()) } });
      expect(await send(stranger)).toMatchObject({ http: 400, msg: '阅读凭证无效，请刷新页面' });
      expect((await send(sibling)).result).toMatchObject({ credited: 30 });
    } finally {
      await stranger.close();
      await sibling.close();
    }
  });

  it('refuses bad input and unknown articles', async () => {
    expect((await t.call('history.token', { article_id: 999 }, { token: reader.token })).http).toBe(404);
    expect(await t.call('history.report', { article_id: articleId, spent_time: 0, t: 'x' }, { token: reader.token })).toMatchObject({
      http: 400,
      msg: '阅读时长至少 1 秒',
    });
    expect((await t.call('history.report', { article_id: articleId, spent_time: 10, t: 'x' })).http).toBe(401);
  });

  it('lists my history and counts finished articles once', async () => {
    const tValue = await startReading();
    t.clock.advance(5 * MINUTE);
    await report(tValue, 60);
    t.clock.advance(1000);
    await report(tValue, 60, { finish: true });
    t.clock.advance(1000);
    await report(tValue, 30, { finish: true });
    const history = (await t.call('history.list', {}, { token: reader.token })).result!.list;
    expect(history).toEqual([expect.objectContaining({ id: articleId, title: 'Timed', spent_time: 150, is_finish: true })]);
    expect((await t.call('history.today', {}, { token: reader.token })).result).toMatchObject({
      seconds: 150,
      minutes: 3,
      articles_finished: 1,
      streak: 1,
    });
  });
});

describe('read data', () => {
  it('never shows time that was read as 0 minutes: 26 seconds are 1 minute on the day, the month and the year', async () => {
    const tValue = await startReading();
    t.clock.advance(MINUTE);
    await report(tValue, 26);
    const today = (await t.call('history.today', {}, { token: reader.token })).result!;
    expect(today).toMatchObject({ seconds: 26, minutes: 1 });
    const data = (await t.call('history.data', {}, { token: reader.token })).result!;
    expect(data.days.at(-1)).toMatchObject({ seconds: 26, minutes: 1 });
    expect(data.totals).toMatchObject({ minutes: 1, days_read: 1 });
  });

  it('answers a daily series in China time with totals and streaks', async () => {
    // 08:00 UTC is 16:00 in China; reading on three consecutive China days.
    for (let day = 0; day < 3; day++) {
      const tValue = await startReading();
      t.clock.advance(10 * MINUTE);
      await report(tValue, 300 + day * 60);
      t.clock.advance(DAY - 10 * MINUTE);
    }
    const data = (await t.call('history.data', { from: '2026-11-15', to: '2026-11-24' }, { token: reader.token })).result!;
    expect(data.days).toHaveLength(10);
    expect(data.days.filter((d) => d.seconds > 0).map((d) => [d.date, d.minutes])).toEqual([
      ['2026-11-21', 5],
      ['2026-11-22', 6],
      ['2026-11-23', 7],
    ]);
    expect(data.totals).toMatchObject({ minutes: 18, days_read: 3 });
    expect(data.streak).toEqual({ current: 3, longest: 3 });
    const defaults = (await t.call('history.data', {}, { token: reader.token })).result!;
    expect(defaults.days).toHaveLength(30);
    expect(defaults.to).toBe('2026-11-24');
  });

  it('refuses reversed and over-long ranges', async () => {
    expect(await t.call('history.data', { from: '2026-11-20', to: '2026-11-01' }, { token: reader.token })).toMatchObject({
      http: 400,
      msg: '开始日期不能晚于结束日期',
    });
    expect(await t.call('history.data', { from: '2024-01-01', to: '2026-11-01' }, { token: reader.token })).toMatchObject({
      http: 400,
      msg: '日期范围最多 366 天',
    });
    expect(await t.call('history.data', { from: '20-11-2026' }, { token: reader.token })).toMatchObject({
      http: 400,
      msg: 'from 必须是 YYYY-MM-DD 日期',
    });
  });
});

describe('streaks', () => {
  it('keep today’s streak alive until the day is over, and remember the longest', () => {
    const days = new Set(['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-04', '2026-11-19', '2026-11-20']);
    expect(streaks(days, '2026-11-21')).toEqual({ current: 2, longest: 4 });
    expect(streaks(days, '2026-11-22')).toEqual({ current: 0, longest: 4 });
  });
});
