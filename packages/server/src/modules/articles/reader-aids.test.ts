import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createArticle } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
let manager: { token: string };
beforeEach(async () => {
  t = await createTestApp();
  manager = await t.createUser({ role: 'manager' });
});
afterEach(() => t.close());

// By ECDICT: committee, critic, optimistic are CET-4; unprecedented is CET-6; mitigate,
// ubiquitous and exacerbate are beyond CET-6 (TOEFL/IELTS/GRE only, rarer than 5,000th).
const TEXT = [
  'The committee reached an unprecedented plan for mitigating the ubiquitous noise.',
  'Critics said it could exacerbate old problems, yet the mayor remained optimistic.',
  'Alice Brown, who lives in Harwick, said the plan was good for the town.',
];

describe('key words of an article', () => {
  it('are added and deleted by managers, lower-cased, with the change recorded', async () => {
    const id = await createArticle(t);
    const added = await t.call('article.wordAdd', { id, word: 'Consensus', resolve: '共识：大家一致同意的意见', tag: '重点' }, manager);
    expect(added.result!.list).toEqual([{ word: 'consensus', resolve: '共识：大家一致同意的意见', tag: '重点' }]);
    const again = await t.call('article.wordAdd', { id, word: 'consensus', resolve: '共识' }, manager);
    expect(again.result!.list).toEqual([{ word: 'consensus', resolve: '共识', tag: null }]);
    expect((await t.call('article.wordDelete', { id, word: 'consensus' }, manager)).result!.list).toEqual([]);
    expect((await t.call('article.wordDelete', { id, word: 'consensus' }, manager)).http).toBe(404);
    expect((await t.call('article.edit', { id }, manager)).result!.events.map((e) => e.detail)).toContain('添加重点词汇 consensus');
    expect(await t.call('article.wordAdd', { id, word: 'x', resolve: '' }, manager)).toMatchObject({ http: 400, msg: '请填写讲解' });
  });
});

describe('level words', () => {
  it('lists the words beyond a level with meanings, fewer at higher levels, without names', async () => {
    const id = await createArticle(t, { paragraphs: TEXT });
    const c4 = (await t.call('article.levelWords', { id, level: 'C4' })).result!;
    const words = c4.list.map((w) => w.word);
    expect(words).toEqual(['unprecedented', 'mitigate', 'ubiquitous', 'exacerbate']);
    expect(c4.list.find((w) => w.word === 'mitigate')).toMatchObject({
      forms: ['mitigating'],
      meaning: expect.stringMatching(/减轻|缓和/),
    });
    const c6 = (await t.call('article.levelWords', { id, level: 'C6' })).result!.list.map((w) => w.word);
    expect(c6).toEqual(['mitigate', 'ubiquitous', 'exacerbate']);
  });

  it('only covers what the caller may read of a members-only article', async () => {
    const id = await createArticle(t, {
      paragraphs: [
        'Plain words here.',
        'Nothing hard at all.',
        'Still simple.',
        'An unprecedented plan emerged to mitigate it.',
        'The end.',
        'Truly the end.',
      ],
      is_lock: true,
    });
    expect((await t.call('article.levelWords', { id, level: 'C4' })).result!.list).toEqual([]);
    expect((await t.call('article.levelWords', { id, level: 'C4' }, manager)).result!.list.map((w) => w.word)).toContain('unprecedented');
    expect(await t.call('article.levelWords', { id, level: 'B2' as never })).toMatchObject({
      http: 400,
      msg: '级别只能是 C4、C6、L4、L8 或 IELTS',
    });
  });
});

describe('star and finished marks', () => {
  it('star articles into my list, newest first, and unstar them', async () => {
    const reader = await t.createUser();
    const a = await createArticle(t, { title: 'First' });
    const b = await createArticle(t, { title: 'Second' });
    expect((await t.call('article.mark', { id: a, action: 'star', status: true }, reader)).result).toEqual({
      starred: true,
      finished: false,
    });
    t.clock.advance(1000);
    await t.call('article.mark', { id: b, action: 'star', status: true }, reader);
    await t.call('article.mark', { id: b, action: 'finish', status: true }, reader);
    expect((await t.call('article.starred', {}, reader)).result!.list.map((x) => x.title)).toEqual(['Second', 'First']);
    expect((await t.call('article.mark', { id: a, action: 'star', status: false }, reader)).result).toEqual({
      starred: false,
      finished: false,
    });
    expect((await t.call('article.starred', {}, reader)).result!.list.map((x) => x.title)).toEqual(['Second']);
    const other = await t.createUser();
    expect((await t.call('article.starred', {}, other)).result!.list).toEqual([]);
    expect(await t.call('article.mark', { id: a, action: 'like' as never, status: true }, reader)).toMatchObject({
      http: 400,
      msg: '标记只能是 star 或 finish',
    });
    expect((await t.call('article.mark', { id: 999, action: 'star', status: true }, reader)).http).toBe(404);
  });
});
