import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verifySignature } from '@changdu/contract';
import { fail, mockApi, ok } from '../test/api-mock';
import {
  KEPT_T_MAX_AGE_MS,
  forgetOfflineReading,
  keptT,
  offlineInput,
  offlineReports,
  recordOfflineReading,
  rememberT,
  sendOfflineReports,
} from './offline-reading';

const T0 = Date.parse('2025-05-01T08:00:00Z');
const stretch = (from: number, to: number, spent: number, t = 'tok.sig') => ({
  article_id: 12,
  t,
  received_at: T0,
  from: T0 + from * 1000,
  to: T0 + to * 1000,
  spent,
  is_finish: false,
});

afterEach(() => localStorage.clear());

describe('the t kept for reading offline', () => {
  it('is the one the article was last opened with online, while the server still takes it', () => {
    rememberT(12, 'old.sig', T0);
    rememberT(12, 'new.sig', T0 + 1000);
    expect(keptT(12, T0 + 2000)).toEqual({ t: 'new.sig', received_at: T0 + 1000 });
    expect(keptT(12, T0 + 1000 + KEPT_T_MAX_AGE_MS)).toBeNull();
    expect(keptT(13, T0)).toBeNull();
  });

  it('is kept for the newest 50 articles only', () => {
    for (let id = 1; id <= 51; id++) rememberT(id, `t${id}`, T0 + id);
    expect(keptT(1, T0 + 100)).toBeNull();
    expect(keptT(51, T0 + 100)?.t).toBe('t51');
  });
});

describe('reading written down offline', () => {
  it('joins the beats of one sitting into one report, and starts another after a break or with another t', () => {
    recordOfflineReading(stretch(10, 40, 30));
    recordOfflineReading(stretch(40, 70, 28));
    recordOfflineReading(stretch(300, 330, 30));
    recordOfflineReading(stretch(330, 360, 30, 'other.sig'));
    expect(offlineReports().map((r) => [r.from - T0, r.to - T0, r.spent])).toEqual([
      [10_000, 70_000, 58],
      [300_000, 330_000, 30],
      [330_000, 360_000, 30],
    ]);
    expect(new Set(offlineReports().map((r) => r.key)).size).toBe(3);
  });

  it('never claims more seconds than its window, in whole seconds after t arrived', () => {
    recordOfflineReading({ ...stretch(0, 0, 50), from: T0 + 1_500, to: T0 + 41_200 });
    expect(offlineInput(offlineReports()[0]!)).toMatchObject({ from_s: 1, to_s: 42, spent_time: 41 });
  });

  it('keeps nothing for a stretch with no reading', () => {
    recordOfflineReading(stretch(0, 30, 0));
    expect(offlineReports()).toEqual([]);
  });
});

describe('sending what was read offline', () => {
  beforeEach(() => recordOfflineReading(stretch(10, 70, 60)));

  it('sends each report once, signed as it is sent, and forgets it once the server has answered', async () => {
    const api = mockApi({ 'POST /reader/history/offline': ok({ credited: 60, day: '2025-05-01', duplicate: false }) });
    expect(await sendOfflineReports()).toBe(true);
    const [sent] = api.to('POST /reader/history/offline');
    expect(sent!.body).toMatchObject({ article_id: 12, spent_time: 60, from_s: 10, to_s: 70, t: 'tok.sig', key: expect.any(String) });
    expect(verifySignature(sent!.headers['x-bb-sign'], sent!.body as Record<string, string>).ok).toBe(true);
    expect(offlineReports()).toEqual([]);
    await sendOfflineReports();
    expect(api.to('POST /reader/history/offline')).toHaveLength(1);
  });

  it('keeps a report the network or the server did not take, with the same key, and no longer joins it', async () => {
    let reply: 'network-error' | ReturnType<typeof fail> = 'network-error';
    const api = mockApi({ 'POST /reader/history/offline': () => reply });
    expect(await sendOfflineReports()).toBe(false);
    reply = fail(500, '服务器错误');
    await sendOfflineReports();
    recordOfflineReading(stretch(70, 100, 30));
    expect(offlineReports()).toHaveLength(2);
    const keys = api.to('POST /reader/history/offline').map((r) => (r.body as { key: string }).key);
    expect(keys[0]).toBe(keys[1]);
    expect(keys[0]).toBe(offlineReports()[0]!.key);
  });

  it('forgets a report the server refused (a t too old, forged): sending it again would not change the answer', async () => {
    mockApi({ 'POST /reader/history/offline': fail(400, '阅读凭证已过期，请刷新页面') });
    expect(await sendOfflineReports()).toBe(false);
    expect(offlineReports()).toEqual([]);
  });

  it('is forgotten, with the kept t, when the reader logs out', () => {
    rememberT(12, 'tok.sig', T0);
    forgetOfflineReading();
    expect(offlineReports()).toEqual([]);
    expect(keptT(12, T0)).toBeNull();
  });
});
