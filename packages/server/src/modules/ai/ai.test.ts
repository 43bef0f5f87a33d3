import type { AddressInfo } from 'node:net';
import { createParser } from 'eventsource-parser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SECRET_REASONING, startFakeAi, type FakeAi } from '../../../test/fake-ai.js';
import { createArticle } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

/** The events of a server-sent-events body. */
function events(raw: string): { event: string; data: unknown }[] {
  const out: { event: string; data: unknown }[] = [];
  const parser = createParser({ onEvent: (e) => out.push({ event: e.event ?? 'message', data: JSON.parse(e.data) as unknown }) });
  parser.feed(raw);
  return out;
}

const PARAGRAPHS: { en: string; zh: string }[] = [
  { en: 'The city council approved a new budget for public libraries on Monday.', zh: '市议会周一批准了公共图书馆的新预算。' },
  { en: 'Librarians said the money would pay for longer opening hours and more books.', zh: '图书馆员说这笔钱将用于延长开放时间和购买更多图书。' },
  { en: 'Critics argued that the council should have spent the budget on road repairs instead.', zh: '批评者认为议会本应把预算用于修路。' },
  { en: 'Residents will vote on the plan again next spring, according to the mayor.', zh: '' },
];
// The last paragraph has no translation yet (what retranslation fills in).
const BODY = PARAGRAPHS.map((p) => (p.zh ? p : p.en));

let fake: FakeAi;
let t: TestApp;
let articleId: number;
let paragraphIds: string[];

async function ask(token: string, prompt: string, extra: Record<string, unknown> = {}) {
  return t.call('ai.ask', { prompt, article_id: articleId, ...extra } as never, { token });
}

async function askRows() {
  return (await t.db.kysely.selectFrom('ai_asks').select('id').execute()).length;
}

beforeAll(async () => {
  fake = await startFakeAi();
  t = await createTestApp({ env: { AI_BASE_URL: fake.baseUrl, AI_MODEL: 'fake-model', AI_QUOTA_USER: '1000', AI_TIMEOUT_MS: '3000' } });
  articleId = await createArticle(t, { title: 'Library budget', paragraphs: BODY });
  const row = await t.db.kysely.selectFrom('articles').select('content').where('id', '=', articleId).executeTakeFirstOrThrow();
  paragraphIds = (JSON.parse(row.content) as { id: string }[]).map((p) => p.id);
  fake.set({ answer: () => `The council approved the budget [${paragraphIds[0]}]. 议会批准了预算 [${paragraphIds[0]}]。` });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => {
  fake.reset();
  fake.set({ answer: () => `The council approved the budget [${paragraphIds[0]}]. 议会批准了预算 [${paragraphIds[0]}]。` });
});

describe('POST /api/ai/ask with a provider', () => {
  it('streams chunks before the answer ends, then the stored ask with its citations', async () => {
    const { token } = await t.createUser();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    fake.queue('stall');
    const response = await fetch(`http://127.0.0.1:${port}/api/ai/ask`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: 'What did the council approve?', article_id: articleId, pos: paragraphIds[0], stream: true }),
    });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let raw = '';
    // The fake holds the rest of its answer until released: a chunk seen now came before the end.
    while (!events(raw).some((e) => e.event === 'chunk')) raw += (await reader.read()).value ?? '';
    expect(events(raw).some((e) => e.event === 'done')).toBe(false);
    expect(await askRows()).toBe(0);
    fake.release();
    for (;;) {
      const next = await reader.read();
      if (next.done) break;
      raw += next.value;
    }
    const all = events(raw);
    const text = all
      .filter((e) => e.event === 'chunk')
      .map((e) => (e.data as { text: string }).text)
      .join('');
    const done = all.find((e) => e.event === 'done')!.data as { status: { code: string }; result: { id: number; answer: string; citations: string[]; offline: boolean } };
    expect(done.status.code).toBe('200');
    expect(done.result.answer).toBe(text);
    expect(done.result.citations).toEqual([paragraphIds[0]]);
    expect(done.result.offline).toBe(false);
    const shown = await t.call('ai.askShow', { id: done.result.id }, { token });
    expect(shown.result?.answer).toBe(text);
    // The model was given the paragraph and the question, grounded in the article.
    const sent = fake.requests[0]!.body.messages.map((m) => m.content).join('\n');
    expect(sent).toContain(`[${paragraphIds[0]}] The city council approved`);
    expect(sent).toContain('What did the council approve?');
  });

  it('tells the model the reader’s notes and word-book words, and lists the asks newest first, to their owner only', async () => {
    const me = await t.createUser();
    const other = await t.createUser();
    await t.call('words.add', { word: 'budget', article_id: articleId }, { token: me.token });
    const note = await t.call(
      'note.add',
      { id: articleId, note_uuid: 'b1c2d3e4-aaaa-4bbb-8ccc-123456789abc', text: 'longer opening hours', comment: '开放时间更长', root: paragraphIds[1]! },
      { token: me.token },
    );
    expect(note.code).toBe('200');
    const first = await ask(me.token, 'Why do librarians want money?', { pos: paragraphIds[1] });
    expect(first.code).toBe('200');
    const sent = fake.requests[0]!.body.messages.map((m) => m.content).join('\n');
    expect(sent).toContain('budget');
    expect(sent).toContain('开放时间更长');
    const second = await ask(me.token, 'Who criticised the plan?');
    const history = await t.call('ai.history', { article_id: articleId }, { token: me.token });
    expect(history.result!.list.map((a) => a.id)).toEqual([second.result!.id, first.result!.id]);
    const theirs = await t.call('ai.history', { all: true }, { token: other.token });
    expect(theirs.result!.list).toEqual([]);
    const peek = await t.call('ai.askShow', { id: first.result!.id }, { token: other.token });
    expect(peek.code).toBe('404');
  });

  it('serves an identical question from the stored answer without calling the provider or counting', async () => {
    const { token } = await t.createUser();
    const first = await ask(token, 'What is the budget for?');
    const usage1 = await t.call('ai.usage', {}, { token });
    const again = await ask(token, 'What is the budget for?');
    expect(again.result).toMatchObject({ id: first.result!.id, cached: true, answer: first.result!.answer });
    expect(fake.requests).toHaveLength(1);
    const usage2 = await t.call('ai.usage', {}, { token });
    expect(usage1.result!.today).toEqual({ tokens: 120, requests: 1 });
    expect(usage2.result!.today).toEqual(usage1.result!.today);
  });

  it('answers 429 with when it resets and how membership raises it once the daily tokens are spent', async () => {
    const { token } = await t.createUser();
    fake.set({ answer: 'ok', usage: { prompt_tokens: 900, completion_tokens: 150 } });
    expect((await ask(token, 'First question about the budget?')).code).toBe('200');
    const over = await ask(token, 'Second question about the budget?');
    expect(over.code).toBe('429');
    expect(over.msg).toContain('明天 0 点');
    expect(over.msg).toContain('/member');
    expect(fake.requests).toHaveLength(1);
    const usage = await t.call('ai.usage', {}, { token });
    expect(usage.result).toMatchObject({ daily_limit: 1000, today: { tokens: 1050, requests: 1 }, upgrade: '/member' });
  });

  it('gives a reader over quota the offline questions, labelled, with when the quota resets, and counts nothing', async () => {
    const { token } = await t.createUser();
    fake.set({ answer: 'ok', usage: { prompt_tokens: 900, completion_tokens: 150 } });
    expect((await ask(token, 'A question that spends the quota?')).code).toBe('200');
    const spent = (await t.call('ai.usage', {}, { token })).result!.today;
    const res = await t.call('ai.questions', { article_id: articleId }, { token });
    expect(res.code).toBe('200');
    expect(res.result).toMatchObject({ offline: true, model: null, cached: false });
    expect(res.result!.quota_notice).toContain('已用完');
    expect(res.result!.quota_notice).toContain('明天 0 点');
    expect(res.result!.questions.length).toBeGreaterThan(0);
    for (const q of res.result!.questions) expect(q).toMatchObject({ kind: 'cloze', options: [] });
    expect(fake.requests).toHaveLength(1);
    expect((await t.call('ai.usage', {}, { token })).result!.today).toEqual(spent);
    // Other AI calls have no offline equivalent of the same quality: they keep their 429.
    expect((await ask(token, 'Another question?')).code).toBe('429');
  });

  it('never lets reasoning text reach the reader, streamed or not', async () => {
    const { token } = await t.createUser();
    for (const reasoning of ['field', 'think'] as const) {
      fake.set({ answer: 'Plain answer.', reasoning, chunkSize: 4 });
      const streamed = await ask(token, `Question with ${reasoning} reasoning?`, { stream: true });
      expect(streamed.raw).not.toContain(SECRET_REASONING);
      expect(streamed.raw).toContain('Plain');
      const whole = await ask(token, `Another question with ${reasoning} reasoning?`);
      expect(whole.result!.answer).toBe('Plain answer.');
    }
  });

  it('answers 503 and stores nothing when the provider is down, before and during the stream', async () => {
    const { token } = await t.createUser();
    const before = await askRows();
    fake.setDown(true);
    const down = await ask(token, 'Is anyone there?', { stream: true });
    expect(down.code).toBe('503');
    expect(down.headers['content-type']).toContain('application/json');
    fake.setDown(false);
    fake.queue('fail500');
    expect((await ask(token, 'Is anyone there now?')).code).toBe('503');
    expect(await askRows()).toBe(before);
  });
});

describe('other AI calls with a provider', () => {
  it('streams a word explanation and caches it', async () => {
    const { token } = await t.createUser();
    fake.set({ answer: '在这句话里 budget 是名词，意思是预算。' });
    const first = await t.call('ai.wordExplain', { word: 'budget', sentence: PARAGRAPHS[0]!.en }, { token });
    const done = events(first.raw).find((e) => e.event === 'done')!.data as { result: { text: string; cached: boolean } };
    expect(done.result).toMatchObject({ text: '在这句话里 budget 是名词，意思是预算。', cached: false });
    const again = await t.call('ai.wordExplain', { word: 'budget', sentence: PARAGRAPHS[0]!.en }, { token });
    expect((events(again.raw).find((e) => e.event === 'done')!.data as { result: { cached: boolean } }).result.cached).toBe(true);
    expect(fake.requests).toHaveLength(1);
  });

  it('builds a dictionary entry from the model’s JSON, once per word', async () => {
    const { token } = await t.createUser();
    fake.set({ answer: '```json\n{"phonetic":"ˈbʌdʒɪt","senses":[{"pos":"n.","meaning":"预算","example":"a tight budget"}],"collocations":["budget cut"],"examples":["We are over budget."]}\n```' });
    const entry = await t.call('ai.wordDict', { word: 'budget' }, { token });
    expect(entry.result).toMatchObject({ senses: [{ pos: 'n.', meaning: '预算' }], collocations: ['budget cut'], offline: false });
    expect(entry.result!.examples.some((e) => e.article_id === articleId)).toBe(true);
    expect(fake.requests[0]!.body.response_format).toEqual({ type: 'json_object' });
    expect((await t.call('ai.wordDict', { word: 'budget' }, { token })).result!.cached).toBe(true);
  });

  it('translates the selected text with the provider, in an article or not', async () => {
    const { token } = await t.createUser();
    fake.set({ answer: '议会周一通过了图书馆的新预算。' });
    const inArticle = await t.call('ai.trans', { text: PARAGRAPHS[0]!.en }, { token });
    expect(inArticle.result).toMatchObject({ from: 'ai', scope: 'selection', translation: '议会周一通过了图书馆的新预算。' });
    fake.set({ answer: '你好，世界。' });
    const fresh = await t.call('ai.trans', { text: 'Hello, world.' }, { token });
    expect(fresh.result).toMatchObject({ from: 'ai', translation: '你好，世界。', offline: false });
  });

  it('regenerates a summary for managers and caches it per article version', async () => {
    const manager = await t.createUser({ role: 'manager' });
    fake.set({ answer: '议会批准了图书馆预算。' });
    const made = await t.call('ai.summaryCreate', { article_id: articleId }, { token: manager.token });
    expect(made.result).toMatchObject({ text: '议会批准了图书馆预算。', offline: false, cached: false });
    const read = await t.call('ai.summary', { article_id: articleId }, { token: manager.token });
    expect(read.result!.cached).toBe(true);
    fake.set({ answer: '新的摘要。' });
    const renewed = await t.call('ai.summaryCreate', { article_id: articleId, renew: true }, { token: manager.token });
    expect(renewed.result!.text).toBe('新的摘要。');
    const user = await t.createUser();
    expect((await t.call('ai.summaryCreate', { article_id: articleId }, { token: user.token })).code).toBe('403');
  });

  it('summarises an open article for a reader once, then serves every reader the cached summary; anonymous readers get the offline one', async () => {
    const id = await createArticle(t, { title: 'Summary article', paragraphs: BODY });
    fake.set({ answer: '图书馆获得了新预算。' });
    const first = await t.call('ai.summary', { article_id: id }, { token: (await t.createUser()).token });
    expect(first.result).toMatchObject({ text: '图书馆获得了新预算。', offline: false, model: 'fake-model' });
    const second = await t.call('ai.summary', { article_id: id, stream: true }, { token: (await t.createUser()).token });
    const done = events(second.raw).find((e) => e.event === 'done')!.data as { result: { text: string; cached: boolean } };
    expect(done.result).toMatchObject({ text: '图书馆获得了新预算。', cached: true });
    expect(fake.requests).toHaveLength(1);
    const anonymous = await t.call('ai.summary', { article_id: id });
    expect(anonymous.result).toMatchObject({ offline: true, model: null });
  });

  it('re-translates an article as a job, keeping existing translations when cache is on', async () => {
    const manager = await t.createUser({ role: 'manager' });
    fake.set({ answer: '居民明年春天将再次投票。' });
    const started = await t.call('ai.retranslate', { id: articleId, ai: true }, { token: manager.token });
    expect(started.code).toBe('200');
    await t.app.jobs.drain();
    const task = await t.call('task.show', { id: started.result!.task_id }, { token: manager.token });
    expect(task.result).toMatchObject({ status: 'done', progress: 100 });
    const row = await t.db.kysely.selectFrom('articles').select('content').where('id', '=', articleId).executeTakeFirstOrThrow();
    const zh = (JSON.parse(row.content) as { zh: string | null }[]).map((p) => p.zh);
    expect(zh).toEqual([PARAGRAPHS[0]!.zh, PARAGRAPHS[1]!.zh, PARAGRAPHS[2]!.zh, '居民明年春天将再次投票。']);
    expect(fake.requests).toHaveLength(1);
  });
});

describe('offline (no provider configured)', () => {
  let off: TestApp;
  let id: number;
  let token: string;
  beforeAll(async () => {
    off = await createTestApp();
    id = await createArticle(off, { title: 'Library budget', paragraphs: BODY });
    token = (await off.createUser()).token;
  });
  afterAll(() => off.close());

  it('asks: quotes the best-matching paragraphs with their ids, labelled offline, and stores the ask', async () => {
    const res = await off.call('ai.ask', { prompt: 'What did critics say about road repairs?', article_id: id }, { token });
    expect(res.result).toMatchObject({ offline: true, model: null, tokens: 0 });
    expect(res.result!.answer).toContain('离线');
    expect(res.result!.answer).toContain('road repairs');
    expect(res.result!.citations.length).toBeGreaterThan(0);
    expect((await off.call('ai.history', { all: true }, { token })).result!.list).toHaveLength(1);
  });

  it('summarises by sentence ranking with the stored Chinese of the chosen sentences', async () => {
    const res = await off.call('ai.summary', { article_id: id });
    expect(res.result!.offline).toBe(true);
    expect(res.result!.sentences.length).toBe(3);
    expect(res.result!.sentences[0]).toMatchObject({ zh: PARAGRAPHS[0]!.zh });
  });

  it('explains a word from the dictionary in context, streamed', async () => {
    const res = await off.call('ai.wordExplain', { word: 'approved', sentence: PARAGRAPHS[0]!.en }, { token });
    const done = events(res.raw).find((e) => e.event === 'done')!.data as { result: { text: string; offline: boolean } };
    expect(done.result.offline).toBe(true);
    expect(done.result.text).toContain('approve');
    expect(done.result.text).toContain('离线');
    // The WordNet sense that fits the sentence, from the dictionary's context senses.
    expect(done.result.text).toContain('英文释义');
  });

  it('gives a dictionary entry with examples from published articles', async () => {
    const res = await off.call('ai.wordDict', { word: 'budget' }, { token });
    expect(res.result!.offline).toBe(true);
    expect(res.result!.senses.length).toBeGreaterThan(0);
    expect(res.result!.examples[0]).toMatchObject({ article_id: id });
  });

  it('translates article sentences from storage and answers 503 for other text', async () => {
    expect((await off.call('ai.trans', { text: PARAGRAPHS[1]!.en }, { token })).result!.translation).toBe(PARAGRAPHS[1]!.zh);
    const other = await off.call('ai.trans', { text: 'Something never published.' }, { token });
    expect(other.code).toBe('503');
    expect(other.msg).toContain('AI');
  });

  it('analyses a sentence: clauses, subject, verb, tense, parts of speech and hard words', async () => {
    const res = await off.call('ai.analyze', { text: 'Critics argued that the council should have spent the budget on road repairs.' }, { token });
    const a = res.result!;
    expect(a.offline).toBe(true);
    expect(a.sentences).toHaveLength(1);
    expect(a.sentences[0]).toMatchObject({ subject: 'Critics', predicate: 'argued', tense: '一般过去时' });
    // The verb of the "that" clause is listed with its tense, not claimed as the predicate.
    expect(a.sentences[0]!.verbs.map((v) => v.text)).toEqual(['argued', 'should have spent']);
    expect(a.words.find((w) => w.text === 'council')).toMatchObject({ pos: 'NOUN', pos_zh: '名词' });
  });

  it('finds where a name appears in published articles', async () => {
    const res = await off.call('ai.entity', { name: 'council' }, { token });
    expect(res.result!.offline).toBe(true);
    // ECDICT's Chinese on its first line, without the specialist's "[经]" line; WordNet's definition after it.
    const [zh, en] = res.result!.description!.split('\n');
    expect(zh).toBe('n. 会议, 委员会');
    expect(en).toMatch(/^[a-z]/);
    expect(res.result!.mentions.map((m) => m.article_id)).toContain(id);
  });

  it('makes cloze questions from the key sentences, blanking a hard word', async () => {
    const res = await off.call('ai.questions', { article_id: id }, { token });
    const q = res.result!.questions;
    expect(q.length).toBeGreaterThan(0);
    for (const item of q) {
      expect(item.text).toContain('____');
      expect(PARAGRAPHS.some((p) => p.en === item.text.replace('____', item.answer))).toBe(true);
    }
  });

  it('reports usage as not configured, and refuses an AI retranslation', async () => {
    expect((await off.call('ai.usage', {}, { token })).result).toMatchObject({ configured: false, today: { tokens: 0, requests: 0 } });
    const manager = await off.createUser({ role: 'manager' });
    expect((await off.call('ai.retranslate', { id, ai: true }, { token: manager.token })).code).toBe('503');
  });
});
