import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actors } from '../../../test/fuzz/actors.js';
import { createArticle } from '../../../test/factories.js';
import { createSiblingApp, createTestApp, type TestApp } from '../../../test/test-app.js';
import { loadConfig } from '../../config.js';
import { espeakTts } from '../../providers/tts/index.js';

let t: TestApp;
let reader: { token: string; user: { id: number } };
let article: number;

const PARAGRAPHS = [
  {
    en: 'The city council voted on Tuesday to turn three car parks into gardens. Residents had asked for years.',
    zh: '市议会投票。居民呼吁多年。',
  },
  { en: 'Engineers say the work will take eighteen months.', zh: '工程需要十八个月。' },
];

beforeAll(async () => {
  t = await createTestApp();
  reader = await t.createUser();
  article = await createArticle(t, { title: 'Cities turn car parks into gardens', paragraphs: PARAGRAPHS });
}, 60_000);
afterAll(() => t?.close());

async function get(app: TestApp, url: string, token?: string) {
  const res = await app.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.statusCode, type: String(res.headers['content-type']), bytes: res.rawPayload, body: res.body };
}

const audioTasks = async (app: TestApp = t) =>
  app.db.kysely.selectFrom('tasks').selectAll().where('type', '=', 'article.audio').orderBy('id').execute();

describe('article audio', () => {
  it('answers at once with a task to follow; once a worker made it, the MP3 and every sentence’s timings', async () => {
    const first = await t.call('article.audio', { id: article });
    expect(first.code, first.msg).toBe('200');
    expect(first.result).toMatchObject({ ready: false, progress: 0 });
    const taskId = first.result!.task_id!;
    // Nothing is made by the request itself: the file is not there yet.
    const early = (await t.call('auth.audioToken', { article_id: article })).result!;
    expect((await get(t, early.src!)).status).toBe(404);
    // Following the task answers its progress.
    expect((await t.call('article.audio', { id: article, task_id: taskId })).result).toMatchObject({ ready: false, task_id: taskId });

    expect(await t.app.jobs.drain()).toBe(1);
    const [task] = await audioTasks();
    expect(task).toMatchObject({ id: taskId, status: 'done', progress: 100, message: null });

    const shown = (await t.call('article.show', { id: article })).result!;
    const audio = await t.call('article.audio', { id: article, task_id: taskId });
    expect(audio.code, audio.msg).toBe('200');
    const timings = audio.result!;
    if (!timings.ready) throw new Error('the audio should be made');
    expect(timings.task_id).toBeNull();
    expect(timings.sentences.map((s) => [s.paragraph, s.id])).toEqual(
      shown.paragraphs.flatMap((p) => p.sentences.map((s) => [p.id, s.id])),
    );
    // Each sentence lasts exactly as long as the voice takes to say it; 0.25 s between
    // sentences, 0.6 s between paragraphs, and a paragraph's gap at the end.
    const config = loadConfig({});
    const voice = espeakTts(config.media.ttsVoice, config.media.ttsSpeed);
    const spoken = shown.paragraphs.flatMap((p) => p.sentences);
    let at = 0;
    for (const [i, s] of timings.sentences.entries()) {
      const pcm = await voice.speak(spoken[i]!.text);
      const length = pcm.samples.length / 2 / pcm.sampleRate;
      if (i > 0) at += timings.sentences[i - 1]!.paragraph === s.paragraph ? 0.25 : 0.6;
      expect(s.start).toBeCloseTo(at, 2);
      expect(s.end).toBeCloseTo(at + length, 2);
      at += length;
    }
    expect(timings.duration).toBeCloseTo(at + 0.6, 2);

    const token = (await t.call('auth.audioToken', { article_id: article })).result!;
    const file = await get(t, token.src!);
    expect(file.status).toBe(200);
    expect(file.type).toBe('audio/mpeg');
    // An MPEG-1 Layer III frame header (lame writes no ID3 tag for raw input).
    const b = file.bytes;
    const start = b[0] === 0x49 && b[1] === 0x44 && b[2] === 0x33 ? 10 + ((b[6]! << 21) | (b[7]! << 14) | (b[8]! << 7) | b[9]!) : 0;
    expect(b[start]).toBe(0xff);
    expect(b[start + 1]! & 0xe0).toBe(0xe0);
    // 48 kbit/s: the file's length matches the spoken duration (within encoder padding).
    expect((b.length * 8) / 48_000).toBeGreaterThan(timings.duration * 0.95);
    expect((b.length * 8) / 48_000).toBeLessThan(timings.duration * 1.05 + 0.2);
    // Made once: asking again starts nothing.
    await t.call('article.audio', { id: article });
    expect(await audioTasks()).toHaveLength(1);
  });

  it('is one task for readers asking at once on two API processes, made by whichever worker takes it', async () => {
    const id = await createArticle(t, { paragraphs: ['Two readers open the same article at once. Both want to listen.'] });
    const sibling = await createSiblingApp(t, { env: { DATA_DIR: t.dataDir } });
    try {
      const other = await t.createUser();
      const asks = await Promise.all(
        [t, sibling, t, sibling, t, sibling].map((app, i) =>
          app.call('article.audio', { id }, { token: i % 2 ? reader.token : other.token }),
        ),
      );
      for (const ask of asks) expect(ask.code, ask.msg).toBe('200');
      const ids = new Set(asks.map((a) => a.result!.task_id));
      expect(ids.size).toBe(1);
      const tasks = (await audioTasks()).filter((task) => JSON.parse(task.payload).article_id === id);
      expect(tasks).toHaveLength(1);
      // The other process's worker makes it; this process serves it.
      expect(await sibling.app.jobs.drain()).toBe(1);
      expect(await t.app.jobs.drain()).toBe(0);
      const made = await t.call('article.audio', { id });
      expect(made.result).toMatchObject({ ready: true, task_id: null });
    } finally {
      await sibling.close();
    }
  });

  it('answers the failure of the task it follows, and starts afresh when asked without it', async () => {
    const id = await createArticle(t, { paragraphs: ['This one will fail to be read aloud.'] });
    const first = (await t.call('article.audio', { id })).result!;
    await t.db.kysely
      .updateTable('tasks')
      .set({ status: 'failed', message: '服务器没有安装 lame，暂时无法生成音频', finished_at: t.clock.now().toISOString() })
      .where('id', '=', first.task_id!)
      .execute();
    const followed = await t.call('article.audio', { id, task_id: first.task_id! });
    expect([followed.http, followed.code, followed.msg]).toEqual([503, '503', '服务器没有安装 lame，暂时无法生成音频']);
    const again = (await t.call('article.audio', { id })).result!;
    expect(again).toMatchObject({ ready: false });
    expect(again.task_id).not.toBe(first.task_id);
    // The task of another article's audio says nothing about this one's.
    const unmade = await createArticle(t, { paragraphs: ['Another article, not yet heard.'] });
    const elsewhere = await t.call('article.audio', { id: unmade, task_id: first.task_id! });
    expect(elsewhere.code, elsewhere.msg).toBe('200');
    expect(elsewhere.result).toMatchObject({ ready: false });
    expect(elsewhere.result!.task_id).not.toBe(first.task_id);
  });

  it('says so at once when an article has nothing to read aloud', async () => {
    const id = await createArticle(t, { paragraphs: ['— … —'] });
    const res = await t.call('article.audio', { id });
    expect([res.code, res.msg]).toEqual(['404', '这篇文章没有可以朗读的句子']);
    expect((await audioTasks()).filter((task) => JSON.parse(task.payload).article_id === id)).toHaveLength(0);
  });

  it('keeps members-only audio for members: nobody else starts, follows or fetches it', async () => {
    const locked = await createArticle(t, { is_lock: true });
    const before = (await audioTasks()).length;
    expect((await t.call('article.audio', { id: locked })).code).toBe('403');
    expect((await t.call('article.audio', { id: locked }, { token: reader.token })).code).toBe('403');
    expect((await t.call('auth.audioToken', { article_id: locked }, { token: reader.token })).code).toBe('403');
    expect(await audioTasks()).toHaveLength(before);
    const member = await actors(t).create('member');
    const asked = await t.call('article.audio', { id: locked }, { token: await member.token() });
    expect(asked.result).toMatchObject({ ready: false });
    // Knowing the task's id opens nothing to a non-member.
    expect((await t.call('article.audio', { id: locked, task_id: asked.result!.task_id! }, { token: reader.token })).code).toBe('403');
    await t.app.jobs.drain();
    expect((await t.call('article.audio', { id: locked }, { token: reader.token })).code).toBe('403');
    // The specification's call, with no article: the token still does not open members-only audio.
    const general = (await t.call('auth.audioToken', {}, { token: reader.token })).result!;
    expect((await get(t, `/reader/article/${locked}/audio.mp3?token=${encodeURIComponent(general.token)}`)).status).toBe(403);
    const own = (await t.call('auth.audioToken', { article_id: locked }, { token: await member.token() })).result!;
    expect((await get(t, own.src!)).status).toBe(200);
  });

  it('refuses a forged, foreign or expired token', async () => {
    const token = (await t.call('auth.audioToken', { article_id: article })).result!;
    const other = await createArticle(t);
    expect((await get(t, `/reader/article/${other}/audio.mp3?token=${encodeURIComponent(token.token)}`)).status).toBe(400);
    expect((await get(t, `/reader/article/${article}/audio.mp3?token=${encodeURIComponent(`${token.token}x`)}`)).status).toBe(400);
    t.clock.advance(11 * 60_000);
    expect((await get(t, token.src!)).status).toBe(400);
  });

  it('answers the specification’s call with no parameters: a token good for any audio the caller may hear', async () => {
    const res = await get(t, '/auth/audio_token', reader.token);
    expect(res.status).toBe(200);
    const token = (JSON.parse(res.body) as { result: { token: string; src: string | null } }).result;
    expect(token.src).toBeNull();
    const file = await get(t, `/reader/article/${article}/audio.mp3?token=${encodeURIComponent(token.token)}`);
    expect(file.status).toBe(200);
    expect(file.type).toBe('audio/mpeg');
  });
});

describe('new audio builds per reader', () => {
  let limited: TestApp;
  const ids: number[] = [];
  beforeAll(async () => {
    limited = await createTestApp({ env: { RATE_LIMIT: 'true' } });
    for (let i = 0; i < 12; i++) ids.push(await createArticle(limited, { paragraphs: [`Article number ${i} is here to be read.`] }));
  }, 60_000);
  afterAll(() => limited?.close());

  it('are limited to ten an hour (anonymous readers by address); following or hearing one made is not counted', async () => {
    for (const id of ids.slice(0, 10)) expect((await limited.call('article.audio', { id })).code).toBe('200');
    const over = await limited.call('article.audio', { id: ids[10]! });
    expect([over.http, over.code]).toEqual([429, '429']);
    expect(over.msg).toMatch(/^开始生成的朗读音频太多了，请 \d+ (分钟|秒)后再试$/);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // Following the builds already started still answers, as often as asked.
    for (let i = 0; i < 5; i++) expect((await limited.call('article.audio', { id: ids[0]! })).code).toBe('200');
    await limited.app.jobs.drain();
    for (let i = 0; i < 5; i++) expect((await limited.call('article.audio', { id: ids[1]! })).result).toMatchObject({ ready: true });
    // A logged-in reader has an allowance of their own.
    const me = await limited.createUser();
    expect((await limited.call('article.audio', { id: ids[10]! }, { token: me.token })).code).toBe('200');
    // The hour over, the address may start more.
    limited.clock.advance(60 * 60_000);
    expect((await limited.call('article.audio', { id: ids[11]! })).code).toBe('200');
  });
});
