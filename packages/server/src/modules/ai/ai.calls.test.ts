import type { AddressInfo } from 'node:net';
import { createParser } from 'eventsource-parser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeAi, type FakeAi } from '../../../test/fake-ai.js';
import { createArticle } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

/*
 * Identical requests at the same instant share one provider call (single-flight);
 * comprehension questions come from the provider when one is configured; retranslation
 * takes `ai` and `cache` from the address, as the spec writes it.
 */

let fake: FakeAi;
let t: TestApp;
let base: string;
let articleId: number;
let paragraphIds: string[];

const BODY = [
  { en: 'The city council approved a new budget for public libraries on Monday.', zh: '市议会周一批准了公共图书馆的新预算。' },
  {
    en: 'Librarians said the money would pay for longer opening hours and more books.',
    zh: '图书馆员说这笔钱将用于延长开放时间和购买更多图书。',
  },
  { en: 'Critics argued that the council should have spent the budget on road repairs instead.', zh: '批评者认为议会本应把预算用于修路。' },
];

/** A streamed call read as it arrives: `until` waits for an event, `rest` reads to the end. */
async function open(path: string, init: { token: string; body?: unknown }) {
  const response = await fetch(`${base}${path}`, {
    method: init.body ? 'POST' : 'GET',
    headers: { authorization: `Bearer ${init.token}`, ...(init.body ? { 'content-type': 'application/json' } : {}) },
    ...(init.body ? { body: JSON.stringify(init.body) } : {}),
  });
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const seen: { event: string; data: { text?: string; status?: { code: string }; result?: Record<string, unknown> } }[] = [];
  const parser = createParser({ onEvent: (e) => seen.push({ event: e.event ?? 'message', data: JSON.parse(e.data) as never }) });
  return {
    seen,
    async until(event: string) {
      while (!seen.some((e) => e.event === event)) {
        const next = await reader.read();
        if (next.done) throw new Error(`the stream ended before ${event}`);
        parser.feed(next.value);
      }
    },
    async rest() {
      for (;;) {
        const next = await reader.read();
        if (next.done) break;
        parser.feed(next.value);
      }
      const text = seen
        .filter((e) => e.event === 'chunk')
        .map((e) => e.data.text)
        .join('');
      return { text, done: seen.find((e) => e.event === 'done')?.data };
    },
  };
}

beforeAll(async () => {
  fake = await startFakeAi();
  t = await createTestApp({ env: { AI_BASE_URL: fake.baseUrl, AI_MODEL: 'fake-model', AI_QUOTA_USER: '100000', AI_TIMEOUT_MS: '3000' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  articleId = await createArticle(t, { title: 'Library budget', paragraphs: BODY });
  paragraphIds = await idsOf(articleId);
});

async function idsOf(id: number) {
  const row = await t.db.kysely.selectFrom('articles').select('content').where('id', '=', id).executeTakeFirstOrThrow();
  return (JSON.parse(row.content) as { id: string }[]).map((p) => p.id);
}
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => fake.reset());

describe('identical requests in flight share one provider call', () => {
  it('two identical streamed asks: one provider call, the second gets the whole text and the same stored ask, counted once', async () => {
    const { token } = await t.createUser();
    fake.set({ answer: `The council approved the budget [${paragraphIds[0]}].`, chunkSize: 6 });
    fake.queue('stall');
    const question = { prompt: 'What did the council approve?', article_id: articleId, stream: true };
    const first = await open('/api/ai/ask', { token, body: question });
    await first.until('chunk');
    const second = await open('/api/ai/ask', { token, body: question });
    // The provider is still holding its answer: a chunk the second sees now is the first call's, replayed.
    await second.until('chunk');
    expect(fake.requests).toHaveLength(1);
    fake.release();
    const [a, b] = await Promise.all([first.rest(), second.rest()]);
    expect(b.text).toBe(a.text);
    expect(a.text).toBe(`The council approved the budget [${paragraphIds[0]}].`);
    expect(a.done?.result).toMatchObject({ cached: false });
    expect(b.done?.result).toMatchObject({ id: a.done?.result?.id, cached: true });
    expect(fake.requests).toHaveLength(1);
    expect((await t.db.kysely.selectFrom('ai_asks').select('id').execute()).length).toBe(1);
    expect((await t.call('ai.usage', {}, { token })).result!.today).toEqual({ tokens: 120, requests: 1 });
  });

  it('two readers opening the same summary at once: one call, counted against the first reader only', async () => {
    const id = await createArticle(t, { title: 'Shared summary', paragraphs: BODY });
    const one = await t.createUser();
    const two = await t.createUser();
    fake.set({ answer: '议会批准了图书馆的新预算。', chunkSize: 4 });
    fake.queue('stall');
    const first = await open(`/api/ai/summary?article_id=${id}&stream=true`, { token: one.token });
    await first.until('chunk');
    const second = await open(`/api/ai/summary?article_id=${id}&stream=true`, { token: two.token });
    await second.until('chunk');
    fake.release();
    const [a, b] = await Promise.all([first.rest(), second.rest()]);
    expect(a.done?.result).toMatchObject({ text: '议会批准了图书馆的新预算。', cached: false, offline: false });
    expect(b.done?.result).toMatchObject({ text: '议会批准了图书馆的新预算。', cached: true, offline: false });
    expect(fake.requests).toHaveLength(1);
    expect((await t.call('ai.usage', {}, { token: one.token })).result!.today.requests).toBe(1);
    expect((await t.call('ai.usage', {}, { token: two.token })).result!.today).toEqual({ tokens: 0, requests: 0 });
  });

  it('a word explanation asked twice at once is explained once', async () => {
    const { token } = await t.createUser();
    fake.set({ answer: '这里 approved 是动词过去式，意思是批准。', chunkSize: 4 });
    fake.queue('stall');
    const path = `/api/english/word/ai?word=approved&sentence=${encodeURIComponent(BODY[0]!.en)}`;
    const first = await open(path, { token });
    await first.until('chunk');
    const second = await open(path, { token });
    await second.until('chunk');
    fake.release();
    const [a, b] = await Promise.all([first.rest(), second.rest()]);
    expect(b.text).toBe(a.text);
    expect(fake.requests).toHaveLength(1);
  });

  it('a provider failure mid-answer reaches both readers and stores nothing', async () => {
    const { token } = await t.createUser();
    fake.set({ answer: 'An answer that will not finish.', chunkSize: 4 });
    fake.queue('stall');
    const question = { prompt: 'Will this finish?', article_id: articleId, stream: true };
    const before = (await t.db.kysely.selectFrom('ai_asks').select('id').execute()).length;
    const first = await open('/api/ai/ask', { token, body: question });
    await first.until('chunk');
    const second = await open('/api/ai/ask', { token, body: question });
    await second.until('chunk');
    fake.cut();
    const [a, b] = await Promise.all([first.rest(), second.rest()]);
    for (const s of [a, b]) expect(s.done).toBeUndefined();
    expect(first.seen.at(-1)).toMatchObject({ event: 'error', data: { status: { code: '503' } } });
    expect(second.seen.at(-1)).toMatchObject({ event: 'error', data: { status: { code: '503' } } });
    expect((await t.db.kysely.selectFrom('ai_asks').select('id').execute()).length).toBe(before);
  });
});

describe('GET /api/ai/questions with a provider', () => {
  const modelAnswer = (paragraphIds: string[]) => () =>
    JSON.stringify({
      questions: [
        {
          paragraph_id: paragraphIds[0],
          question: '议会批准了什么？',
          options: ['修路的预算', '图书馆的新预算', '新的市长选举', '学校的午餐'],
          answer: '图书馆的新预算',
          key_word: 'budget',
          explanation: '第一段说议会批准了公共图书馆的新预算。',
        },
        { paragraph_id: paragraphIds[2], question: '批评者怎么看？', options: ['A 支持', 'B 反对'], answer: 'B', key_word: 'argued' },
        // Not kept: a paragraph the article does not have; an answer that is not an option.
        { paragraph_id: 'p99', question: '?', options: ['a', 'b'], answer: 'a' },
        { paragraph_id: paragraphIds[1], question: '图书馆员说什么？', options: ['x', 'y'], answer: 'z' },
      ],
    });

  it('asks the model for questions, keeps the ones that hold up, caches them per article version, counts once', async () => {
    const id = await createArticle(t, { title: 'Questions article', paragraphs: BODY });
    const paragraphIds = await idsOf(id);
    const { token } = await t.createUser();
    fake.set({ answer: modelAnswer(paragraphIds) });
    const res = await t.call('ai.questions', { article_id: id }, { token });
    expect(res.code).toBe('200');
    expect(res.result).toMatchObject({ offline: false, model: 'fake-model', cached: false });
    expect(res.result!.questions).toEqual([
      {
        kind: 'choice',
        paragraph_id: paragraphIds[0],
        text: '议会批准了什么？',
        options: ['修路的预算', '图书馆的新预算', '新的市长选举', '学校的午餐'],
        answer: '图书馆的新预算',
        headword: 'budget',
        hint: null,
        explanation: '第一段说议会批准了公共图书馆的新预算。',
      },
      {
        kind: 'choice',
        paragraph_id: paragraphIds[2],
        text: '批评者怎么看？',
        options: ['A 支持', 'B 反对'],
        answer: 'B 反对',
        headword: 'argued',
        hint: null,
        explanation: null,
      },
    ]);
    // The model was asked for JSON and given the article's paragraphs with their ids.
    expect(fake.requests[0]!.body.response_format).toEqual({ type: 'json_object' });
    expect(fake.requests[0]!.body.messages.map((m) => m.content).join('\n')).toContain(`[${paragraphIds[1]}] Librarians said`);
    const usage = (await t.call('ai.usage', {}, { token })).result!.today;
    const again = await t.call('ai.questions', { article_id: id }, { token: (await t.createUser()).token });
    expect(again.result).toMatchObject({ cached: true, offline: false });
    expect(again.result!.questions).toEqual(res.result!.questions);
    expect(fake.requests).toHaveLength(1);
    expect(usage).toEqual({ tokens: 120, requests: 1 });
  });

  it('falls back to the offline cloze questions, labelled offline, when the model’s answer does not hold up, and keeps nothing', async () => {
    const id = await createArticle(t, { title: 'Malformed questions', paragraphs: BODY });
    const { token } = await t.createUser();
    fake.set({ answer: 'Sorry, here are some questions: 1. What is a budget?' });
    const res = await t.call('ai.questions', { article_id: id }, { token });
    expect(res.result).toMatchObject({ offline: true, model: null });
    expect(res.result!.questions.length).toBeGreaterThan(0);
    for (const q of res.result!.questions) expect(q).toMatchObject({ kind: 'cloze', options: [] });
    expect(res.result!.questions[0]!.text).toContain('____');
    // The tokens were spent all the same; the malformed answer was not kept, so the next request asks again.
    expect((await t.call('ai.usage', {}, { token })).result!.today.requests).toBe(1);
    await t.call('ai.questions', { article_id: id }, { token });
    expect(fake.requests).toHaveLength(2);
  });

  it('answers 503 when the provider is down', async () => {
    const id = await createArticle(t, { title: 'Questions when down', paragraphs: BODY });
    const { token } = await t.createUser();
    fake.setDown(true);
    expect((await t.call('ai.questions', { article_id: id }, { token })).code).toBe('503');
  });
});

describe('POST /reader/article/{id}/retranslate?ai&cache', () => {
  /** Starts a retranslation as a manager, runs it, and answers the call and the finished task. */
  async function retranslate(id: number, query: string, payload: Record<string, unknown> = {}) {
    const manager = await t.createUser({ role: 'manager' });
    const res = await t.app.inject({
      method: 'POST',
      url: `/reader/article/${id}/retranslate${query}`,
      payload,
      headers: { authorization: `Bearer ${manager.token}` },
    });
    const body = JSON.parse(res.body) as { status: { code: string; msg: string }; result: { task_id: number } | null };
    if (body.status.code !== '200') return { body, task: null };
    await t.app.jobs.drain();
    const task = await t.call('task.show', { id: body.result!.task_id }, { token: manager.token });
    return { body, task: task.result };
  }

  let n = 0;
  // A sentence of its own each time: a translation the model made earlier would come from the cache.
  const untranslated = () =>
    createArticle(t, { title: 'To translate', paragraphs: [BODY[0]!, `Residents will vote on plan number ${++n} next spring.`] });

  it('takes ai and cache from the query string', async () => {
    fake.set({ answer: '中文译文。' });
    const { task } = await retranslate(await untranslated(), '?ai=true&cache=false');
    expect(task).toMatchObject({ status: 'done', message: expect.stringContaining('2 段由 AI 翻译') });
    expect(fake.requests).toHaveLength(2);
  });

  it('defaults to ai=false, cache=true: keeps translations, asks the provider nothing', async () => {
    const { task } = await retranslate(await untranslated(), '');
    expect(task).toMatchObject({ status: 'done', message: expect.stringContaining('0 段由 AI 翻译，0 段来自缓存，1 段保留原译文，1 段没有译文') });
    expect(fake.requests).toHaveLength(0);
  });

  it('refuses ai or cache sent in the body instead of taking them', async () => {
    const { body } = await retranslate(await untranslated(), '', { ai: true });
    expect(body.status.code).toBe('400');
    expect(body.status.msg).toContain('查询参数');
    expect(fake.requests).toHaveLength(0);
  });

  it('refuses a value that is not true or false', async () => {
    const { body } = await retranslate(await untranslated(), '?ai=maybe');
    expect(body.status).toEqual({ code: '400', msg: expect.stringContaining('true 或 false') });
  });
});
