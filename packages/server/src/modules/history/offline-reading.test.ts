import { signParams } from '@changdu/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createArticle } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { DAY, HOUR, MINUTE } from '../../lib/clock.js';
import { addDays, dayKey } from '../../lib/days.js';
import { OFFLINE_DAY_CAP_SECONDS } from './reading-check.js';

/** Reading time read offline and sent once the network is back (docs/reading.md § Reading offline). */

let t: TestApp;
let reader: { token: string; user: { id: number } };
let articleId: number;
let n = 0;

beforeEach(async () => {
  t = await createTestApp();
  reader = await t.createUser();
  articleId = await createArticle(t, { title: 'Read on a plane' });
});
afterEach(() => t.close());

async function openOnline(id = articleId, token = reader.token) {
  const res = await t.call('history.token', { article_id: id }, { token });
  expect(res.code, res.msg).toBe('200');
  return res.result!.t;
}

interface Offline {
  key?: string;
  spent: number;
  /** The reading's window, seconds after t arrived. */
  from: number;
  to: number;
  id?: number;
  token?: string;
  finish?: boolean;
  signAt?: number;
}

/** Sends an offline report as the web client does once back online: signed as it is sent. */
function sendOffline(tValue: string, o: Offline) {
  const params = {
    article_id: o.id ?? articleId,
    key: o.key ?? `r-${(n += 1)}`,
    spent_time: o.spent,
    from_s: o.from,
    to_s: o.to,
    is_finish: o.finish ?? false,
    t: tValue,
  };
  return t.call('history.offline', params, {
    token: o.token ?? reader.token,
    headers: { 'x-bb-sign': signParams(params, o.signAt ?? t.clock.now().getTime()) },
  });
}

const today = async () => (await t.call('history.today', {}, { token: reader.token })).result!;
const history = async () => (await t.call('history.list', {}, { token: reader.token })).result!.list;

describe('reading time read offline', () => {
  it('credits a report sent days later to the day the reading happened, once however often it is resent', async () => {
    const tValue = await openOnline();
    const readDay = dayKey(t.clock.now());
    // Twenty minutes read on the plane, sent two days later.
    t.clock.advance(2 * DAY);
    const first = await sendOffline(tValue, { key: 'plane-1', spent: 20 * 60, from: 60, to: 21 * 60 });
    expect(first.result).toEqual({ credited: 1200, day: readDay, duplicate: false });
    const again = await sendOffline(tValue, { key: 'plane-1', spent: 20 * 60, from: 60, to: 21 * 60 });
    expect(again.result).toEqual({ credited: 1200, day: readDay, duplicate: true });

    const data = (await t.call('history.data', { from: readDay, to: dayKey(t.clock.now()) }, { token: reader.token })).result!;
    expect(data.days.map((d) => d.seconds)).toEqual([1200, 0, 0]);
    expect((await history())[0]).toMatchObject({ id: articleId, spent_time: 1200 });
  });

  it('caps a report at its window, at the time passed since t, and at the daily cap per article', async () => {
    const tValue = await openOnline();
    t.clock.advance(10 * MINUTE);
    // Claims 30 minutes in a 5-minute window.
    expect((await sendOffline(tValue, { spent: 1800, from: 0, to: 300 })).result!.credited).toBe(300);
    // A window reaching past now is cut at now: 10 minutes have passed, 5 are credited.
    expect((await sendOffline(tValue, { spent: 3000, from: 300, to: 3300 })).result!.credited).toBe(300);
    expect((await today()).seconds).toBe(600);

    // Hours later, two hours of offline reading in one day: at most the daily cap for this article.
    t.clock.advance(5 * HOUR);
    const long = await sendOffline(tValue, { spent: 7200, from: 3600, to: 3600 + 7200 });
    expect(long.result!.credited).toBe(OFFLINE_DAY_CAP_SECONDS - 600);
    expect((await sendOffline(tValue, { spent: 600, from: 12_000, to: 12_600 })).result!.credited).toBe(0);
    expect((await today()).seconds).toBe(OFFLINE_DAY_CAP_SECONDS);
  });

  it('never counts the same minutes twice: a second report over the same window, even for another article', async () => {
    const tValue = await openOnline();
    const other = await createArticle(t, { title: 'Another read' });
    const otherT = await openOnline(other);
    t.clock.advance(HOUR);
    expect((await sendOffline(tValue, { spent: 600, from: 0, to: 600 })).result!.credited).toBe(600);
    // A new key over the same ten minutes: nothing.
    expect((await sendOffline(tValue, { spent: 600, from: 0, to: 600 })).result!.credited).toBe(0);
    // Half of it overlapping, on another article: the other half.
    expect((await sendOffline(otherT, { id: other, spent: 600, from: 300, to: 900 })).result!.credited).toBe(300);
    expect((await today()).seconds).toBe(900);
  });

  it('counts online and offline time under one t together: never more than has passed since it was issued', async () => {
    const tValue = await openOnline();
    t.clock.advance(10 * MINUTE);
    const online = { article_id: articleId, spent_time: 500, is_finish: false, t: tValue };
    const res = await t.call('history.report', online, {
      token: reader.token,
      headers: { 'x-bb-sign': signParams(online, t.clock.now().getTime()) },
    });
    expect(res.code, res.msg).toBe('200');
    // 600 s have passed (plus the 5 s grace); 500 were credited online.
    expect((await sendOffline(tValue, { spent: 300, from: 0, to: 600 })).result!.credited).toBe(105);
    expect((await today()).seconds).toBe(605);
  });

  it('refuses a forged t, another reader’s t, a t of another article, a stale signature, and a t older than a week', async () => {
    const tValue = await openOnline();
    const other = await t.createUser();
    t.clock.advance(HOUR);
    const forged = `${tValue.split('.')[0]}.forged`;
    expect(await sendOffline(forged, { spent: 60, from: 0, to: 60 })).toMatchObject({ http: 400, msg: '阅读凭证无效，请刷新页面' });
    expect(await sendOffline(tValue, { spent: 60, from: 0, to: 60, token: other.token })).toMatchObject({
      http: 400,
      msg: '阅读凭证与这篇文章不符',
    });
    const otherArticle = await createArticle(t);
    expect((await sendOffline(tValue, { spent: 60, from: 0, to: 60, id: otherArticle })).msg).toBe('阅读凭证与这篇文章不符');
    expect((await sendOffline(tValue, { spent: 60, from: 0, to: 60, signAt: t.clock.now().getTime() - 10 * MINUTE })).msg).toBe(
      '上报已过期，未记录',
    );
    t.clock.advance(7 * DAY);
    expect((await sendOffline(tValue, { spent: 60, from: 0, to: 60 })).msg).toBe('阅读凭证已过期，请刷新页面');
    expect((await today()).seconds).toBe(0);
    expect(await history()).toHaveLength(0);
  });

  it('keeps a t good for online reports for 12 hours only, though it is signed for a week of offline reports', async () => {
    const tValue = await openOnline();
    t.clock.advance(13 * HOUR);
    const online = { article_id: articleId, spent_time: 30, is_finish: false, t: tValue };
    const res = await t.call('history.report', online, {
      token: reader.token,
      headers: { 'x-bb-sign': signParams(online, t.clock.now().getTime()) },
    });
    expect(res.msg).toBe('阅读凭证已过期，请刷新页面');
    expect((await sendOffline(tValue, { spent: 30, from: 60, to: 90 })).result!.credited).toBe(30);
  });

  it('gives a closed week’s day its time but leaves that week’s rank as it was', async () => {
    // Sunday evening (China time) of a week, read offline, sent on Tuesday.
    const sunday = '2026-11-29';
    t.clock.set(new Date(`${sunday}T12:00:00.000Z`)); // 20:00 in China
    const tValue = await openOnline();
    t.clock.advance(2 * DAY);
    expect((await sendOffline(tValue, { spent: 900, from: 0, to: 900 })).result).toMatchObject({ credited: 900, day: sunday });
    const data = (await t.call('history.data', { from: sunday, to: addDays(sunday, 2) }, { token: reader.token })).result!;
    expect(data.days[0]!.seconds).toBe(900);
    const week = await t.db.kysely.selectFrom('reading_weeks').selectAll().where('user_id', '=', reader.user.id).execute();
    expect(week.every((w) => w.seconds === 0)).toBe(true);
  });

  it('ranks a report of this week’s reading in this week', async () => {
    t.clock.set(new Date('2026-11-30T02:00:00.000Z')); // Monday 10:00 in China
    const tValue = await openOnline();
    t.clock.advance(DAY);
    expect((await sendOffline(tValue, { spent: 900, from: 0, to: 900, finish: true })).result!.credited).toBe(900);
    const week = await t.db.kysely.selectFrom('reading_weeks').selectAll().where('user_id', '=', reader.user.id).executeTakeFirst();
    expect(week).toMatchObject({ week: '2026-11-30', seconds: 900, finished: 1 });
  });

  it('counts two racing sends of one report once', async () => {
    const tValue = await openOnline();
    t.clock.advance(HOUR);
    const both = await Promise.all([
      sendOffline(tValue, { key: 'twin', spent: 600, from: 0, to: 600 }),
      sendOffline(tValue, { key: 'twin', spent: 600, from: 0, to: 600 }),
    ]);
    expect(both.map((r) => r.code)).toEqual(['200', '200']);
    expect(both.map((r) => r.result!.duplicate).sort()).toEqual([false, true]);
    expect((await today()).seconds).toBe(600);
  });
});
