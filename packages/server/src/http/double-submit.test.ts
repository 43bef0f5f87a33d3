// Double-submit (issue 9 §2): every write endpoint (every POST of the contract table) is
// called twice at once with the same valid input, as a double tap sends it. No answer may
// be a 5xx, and the rows left are those one call leaves: the change in row counts of every
// table after the double submit equals the change after a single submit on a twin subject
// (tables a call appends to by design are listed per fixture). A POST endpoint without a
// fixture fails the first test: a new write endpoint must add one here.
import { endpoints, requestParts, signParams, type Endpoint, type EndpointName } from '@changdu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEpub } from '../../test/epub-builder.js';
import { startFakeWeb, type FakeWeb } from '../../test/fake-web.js';
import { createArticle } from '../../test/factories.js';
import { actors, type Actor } from '../../test/fuzz/actors.js';
import { countRows, deltaCounts, tableNames, type RowCounts } from '../../test/fuzz/rows.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

interface Call {
  input: Record<string, unknown>;
  token: string | null;
  headers?: Record<string, string>;
}

interface Fixture {
  /** Makes a fresh subject (a new user, article, card…) and the valid call on it. */
  prepare(): Promise<Call>;
  /** Tables each accepted call appends to by design (an event log, a new session per login). */
  appends?: readonly string[];
  /** Why those tables may grow twice. */
  why?: string;
  /** Further checks after the double submit (a value applied once, not twice). */
  check?(call: Call): Promise<void>;
}

let t: TestApp;
let web: FakeWeb;
let make: ReturnType<typeof actors>;
let manager: Actor;
let tables: string[];
let n = 0;

beforeAll(async () => {
  web = await startFakeWeb();
  t = await createTestApp({ env: { FETCH_ALLOW_PRIVATE: `127.0.0.1:${web.port}` } });
  make = actors(t);
  manager = await make.create('manager');
  tables = await tableNames(t.db);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await web?.close();
});

const fresh = () => (n += 1);
const freshPhone = () =>
  `136${String(fresh() * 7_919 + 1_000_000)
    .padStart(8, '0')
    .slice(-8)}`;

/** An SMS code for `phone`, through a solved captcha, as the app gets one. */
async function smsCode(phone: string, stype: 'register' | 'reset'): Promise<string> {
  const key = `ds-${fresh()}`;
  await t.app.inject({ url: `/auth/captcha?key=${key}` });
  const row = await t.db.kysely.selectFrom('captchas').select('answer').where('key', '=', key).executeTakeFirstOrThrow();
  const sent = await t.call('auth.smsSend', { phone, captcha: row.answer, stype, key });
  if (sent.code !== '200') throw new Error(`SMS for the fixture was refused: ${sent.msg}`);
  return t.sms.lastCode(phone);
}

async function article(status: 'published' | 'draft' | 'pending' = 'published') {
  return createArticle(t, { status, title: `Double ${fresh()}`, paragraphs: ['A zebra ran across the plain.', 'Then it stopped.'] });
}

async function rootOf(id: number): Promise<string> {
  const shown = await t.call('article.edit', { id }, { token: await manager.token() });
  return shown.result!.paragraphs[0]!.id;
}

const unset = async (key: string) => {
  await t.db.kysely.deleteFrom('app_settings').where('key', '=', key).execute();
};

const asManager = async (input: Record<string, unknown>): Promise<Call> => ({ input, token: await manager.token() });

async function feedXml(): Promise<string> {
  const path = `/double-${fresh()}.xml`;
  web.set(
    path,
    `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Double feed</title><link>${web.origin}/</link><description>d</description>` +
      `<item><title>Gardens replace car parks</title><link>${web.origin}/news/gardens</link><guid>dg-${n}</guid></item></channel></rss>`,
    'application/rss+xml',
  );
  return `${web.origin}${path}`;
}

async function feedRow(): Promise<number> {
  const row = await t.db.kysely
    .insertInto('rss_feeds')
    .values({
      url: await feedXml(),
      title: 'Double feed',
      site_url: null,
      description: null,
      last_crawled_at: null,
      last_error: null,
      created_by: manager.id,
      created_at: t.clock.now().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** An issue in `status`, with one downloaded article of `review` (a draft article unless published). */
async function magazineRow(status: 'draft' | 'approved' = 'draft', review: 'unreviewed' | 'approved' = 'unreviewed') {
  const now = t.clock.now().toISOString();
  const row = await t.db.kysely
    .insertInto('magazines')
    .values({
      name: `Double weekly ${fresh()}`,
      edition: '2026-11-21',
      url: `${web.origin}/weekly/2026-11-21`,
      cover: null,
      status,
      review_reason: null,
      crawled_at: null,
      crawl_error: null,
      task_id: null,
      created_by: manager.id,
      published_at: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const entry = await t.db.kysely
    .insertInto('magazine_articles')
    .values({
      magazine_id: row.id,
      position: 1,
      section: 'Leaders',
      title: 'Double story',
      url: `${web.origin}/weekly/2026/11/21/double-${n}`,
      article_id: await article('draft'),
      state: 'downloaded',
      error: null,
      review,
      review_reason: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, entry: entry.id };
}

// The editorial history is an audit log: it records every manager action as it arrives.
const EDITORIAL_LOG = ['article_events'] as const;
const EDITORIAL_WHY = 'the editorial history records every action a manager takes';

/** A book row as an import leaves it (imports themselves are tested in modules/books), with one chapter. */
async function bookRow(status: 'private' | 'published' = 'published'): Promise<{ id: number; uuid: string; root: string }> {
  const k = fresh();
  const uuid = `00000000-0000-4000-8000-${String(k).padStart(12, '0')}`;
  const now = t.clock.now().toISOString();
  const book = await t.db.kysely
    .insertInto('books')
    .values({
      uuid,
      digest: `${String(k).padStart(8, '0')}${'d'.repeat(56)}`,
      title: `Double book ${k}`,
      author: null,
      language: 'en',
      description: null,
      cover: null,
      toc: '[]',
      chapter_count: 1,
      word_count: 5,
      level: 'EASY',
      file_key: null,
      source: 'upload',
      status,
      uploaded_by: manager.id,
      published_at: status === 'published' ? now : null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const root = `pds${String(k).padStart(5, '0')}`;
  const text = 'A zebra ran across the plain.';
  await t.db.kysely
    .insertInto('book_chapters')
    .values({
      book_id: book.id,
      idx: 0,
      title: 'One',
      content: JSON.stringify([{ id: root, kind: 'p', html: text, text, sentences: [{ id: `${root}-s1`, text }], zh: null }]),
      word_count: 6,
      level: 'EASY',
      level_words: JSON.stringify({ C4: 0, C6: 0, L4: 0, L8: 0, IELTS: 0 }),
    })
    .execute();
  return { id: book.id, uuid, root };
}

/** One valid call per write endpoint. */
/** A collection of a fresh user's, with one published article; published when asked. */
async function collection(publish = false): Promise<{ id: number; token: string }> {
  const token = await (await make.create('user')).token();
  const made = await t.call('collection.add', { title: `Double list ${fresh()}`, articles: [{ article_id: await article() }] }, { token });
  if (made.code !== '200') throw new Error(`collection for the fixture was refused: ${made.msg}`);
  if (publish) await t.call('collection.publish', { id: made.result!.id }, { token });
  return { id: made.result!.id, token };
}

/** A fresh user's pending creator application. */
async function application(): Promise<{ id: number; userId: number }> {
  const user = await make.create('user');
  const applied = await t.call('creator.apply', { statement: '我想整理适合初学者的文章合集。' }, { token: await user.token() });
  if (applied.code !== '200') throw new Error(`application for the fixture was refused: ${applied.msg}`);
  return { id: applied.result!.id, userId: user.id };
}

const FIXTURES: Partial<Record<EndpointName, Fixture>> = {
  'auth.registerByPhone': {
    prepare: async () => {
      const phone = freshPhone();
      return { input: { phone, password: 'secret123', code: await smsCode(phone, 'register') }, token: null };
    },
  },
  'auth.register': {
    prepare: async () => {
      const phone = freshPhone();
      return { input: { phone, password: 'secret123', sms_code: await smsCode(phone, 'register') }, token: null };
    },
  },
  'auth.login': {
    prepare: async () => {
      const user = await make.create('user');
      return { input: { username: user.username, password: user.password }, token: null };
    },
    appends: ['auth_tokens'],
    why: 'two logins are two sessions, each with its own token',
  },
  'auth.logout': { prepare: async () => ({ input: {}, token: await (await make.create('user')).token() }) },
  'auth.changePassword': {
    prepare: async () => {
      const user = await make.create('user');
      return { input: { old_password: user.password, new_password: 'changed456' }, token: await user.token() };
    },
  },
  'auth.resetPassword': {
    prepare: async () => {
      const user = await make.create('user');
      return { input: { phone: user.phone, new_password: 'changed456', sms_code: await smsCode(user.phone, 'reset') }, token: null };
    },
  },
  'auth.smsSend': {
    prepare: async () => {
      const user = await make.create('user');
      const key = `ds-${fresh()}`;
      await t.app.inject({ url: `/auth/captcha?key=${key}` });
      const row = await t.db.kysely.selectFrom('captchas').select('answer').where('key', '=', key).executeTakeFirstOrThrow();
      return { input: { phone: user.phone, captcha: row.answer, stype: 'reset', key }, token: null };
    },
  },
  'user.changeUsername': {
    prepare: async () => ({ input: { username: `renamed_${fresh()}` }, token: await (await make.create('user')).token() }),
  },
  'log.add': {
    prepare: async () => ({ input: { name: 'OPEN_APP', cuid: `cuid-${fresh()}`, data: { path: '/' } }, token: null }),
    appends: ['log_events'],
    why: 'the event log records every event it is sent; the visitor row stays one',
  },
  'article.create': {
    prepare: () => asManager({ article: { title: `Manual ${fresh()}`, paragraphs: [{ text: 'A manual paragraph.' }] } }),
  },
  'article.update': {
    appends: EDITORIAL_LOG,
    why: EDITORIAL_WHY,
    prepare: async () => asManager({ id: await article('draft'), article: { title: `Retitled ${fresh()}` } }),
  },
  'article.lock': { appends: EDITORIAL_LOG, why: EDITORIAL_WHY, prepare: async () => asManager({ id: await article(), is_lock: true }) },
  'article.audit': {
    appends: EDITORIAL_LOG,
    why: EDITORIAL_WHY,
    prepare: async () => asManager({ id: await article('pending'), action: 'approve' }),
  },
  'article.publish': {
    appends: EDITORIAL_LOG,
    why: EDITORIAL_WHY,
    prepare: async () => asManager({ id: await article('draft'), status: 'published' }),
  },
  'article.delete': { prepare: async () => asManager({ id: await article() }) },
  'article.redownload': {
    appends: EDITORIAL_LOG,
    why: EDITORIAL_WHY,
    prepare: async () => {
      const id = await article();
      await t.db.kysely
        .updateTable('articles')
        .set({ url: `${web.origin}/news/gardens` })
        .where('id', '=', id)
        .execute();
      return asManager({ id });
    },
  },
  'rss.addFeed': { prepare: async () => asManager({ url: await feedXml() }) },
  'rss.crawl': { prepare: async () => asManager({ id: await feedRow() }) },
  'rss.download': {
    prepare: async () => {
      const item = await t.db.kysely
        .insertInto('rss_items')
        .values({
          feed_id: await feedRow(),
          guid: `ds-item-${fresh()}`,
          url: `${web.origin}/news/gardens`,
          title: 'Gardens replace car parks',
          author: null,
          summary: null,
          categories: '[]',
          published_at: null,
          article_id: null,
          created_at: t.clock.now().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return asManager({ id: item.id });
    },
  },
  'article.wordAdd': {
    appends: EDITORIAL_LOG,
    why: EDITORIAL_WHY,
    prepare: async () => asManager({ id: await article(), word: 'zebra', resolve: 'An animal with stripes.' }),
  },
  'article.wordDelete': {
    appends: EDITORIAL_LOG,
    why: EDITORIAL_WHY,
    prepare: async () => {
      const id = await article();
      await t.call('article.wordAdd', { id, word: 'zebra', resolve: 'An animal with stripes.' }, { token: await manager.token() });
      return asManager({ id, word: 'zebra' });
    },
  },
  'article.mark': {
    prepare: async () => ({
      input: { id: await article(), action: 'star', status: true },
      token: await (await make.create('user')).token(),
    }),
  },
  'note.add': {
    prepare: async () => {
      const id = await article();
      return {
        input: { id, note_uuid: `ds-note-${fresh()}`, text: 'A zebra ran', root: await rootOf(id), comment: 'twice?' },
        token: await (await make.create('user')).token(),
      };
    },
  },
  'note.delete': {
    prepare: async () => {
      const id = await article();
      const token = await (await make.create('user')).token();
      const uuid = `ds-note-${fresh()}`;
      const added = await t.call('note.add', { id, note_uuid: uuid, text: 'A zebra ran', root: await rootOf(id) }, { token });
      if (added.code !== '200') throw new Error(`note for the fixture was refused: ${added.msg}`);
      return { input: { id, note_uuid: uuid }, token };
    },
  },
  'book.uploadByLink': {
    prepare: async () => ({
      input: { link: `${web.origin}/books/double-${fresh()}.epub`, digest: `${String(n).padStart(8, '0')}${'e'.repeat(56)}` },
      token: await (await make.create('user')).token(),
    }),
  },
  'book.publish': { prepare: async () => asManager({ id: (await bookRow('private')).id }) },
  'book.add': {
    prepare: async () => ({ input: { book_uuid: (await bookRow()).uuid }, token: await (await make.create('user')).token() }),
  },
  'book.remove': {
    prepare: async () => {
      const token = await (await make.create('user')).token();
      const book = await bookRow();
      await t.call('book.add', { book_uuid: book.uuid }, { token });
      return { input: { id: book.id }, token };
    },
  },
  'book.pos': {
    prepare: async () => {
      const book = await bookRow();
      return {
        input: { id: book.id, pos: { chapter: 0, paragraph: book.root, sentence: `${book.root}-s1`, fraction: 0.5 } },
        token: await (await make.create('user')).token(),
      };
    },
  },
  'book.noteAdd': {
    prepare: async () => {
      const book = await bookRow();
      return {
        input: { id: book.id, note_uuid: `ds-bnote-${fresh()}`, chapter: 0, text: 'A zebra ran', root: book.root, comment: 'twice?' },
        token: await (await make.create('user')).token(),
      };
    },
  },
  'book.noteDelete': {
    prepare: async () => {
      const book = await bookRow();
      const token = await (await make.create('user')).token();
      const uuid = `ds-bnote-${fresh()}`;
      const added = await t.call('book.noteAdd', { id: book.id, note_uuid: uuid, chapter: 0, text: 'A zebra', root: book.root }, { token });
      if (added.code !== '200') throw new Error(`book note for the fixture was refused: ${added.msg}`);
      return { input: { id: book.id, note_uuid: uuid }, token };
    },
  },
  'book.history': {
    prepare: async () => {
      const book = await bookRow();
      const token = await (await make.create('user')).token();
      const issued = await t.call('book.historyToken', { id: book.id }, { token });
      if (!issued.result) throw new Error(`book history t for the fixture was refused: ${issued.msg}`);
      t.clock.advance(31_000);
      const params = { id: book.id, spent_time: 30, t: issued.result.t };
      return { input: params, token, headers: { 'x-bb-sign': signParams(params, t.clock.now().getTime()) } };
    },
  },
  'history.report': {
    prepare: async () => {
      const id = await article();
      const token = await (await make.create('user')).token();
      const issued = await t.call('history.token', { article_id: id }, { token });
      if (!issued.result) throw new Error(`history t for the fixture was refused: ${issued.msg}`);
      t.clock.advance(31_000); // the reported seconds must have passed since t was issued
      const params = { article_id: id, spent_time: 30, is_finish: false, t: issued.result.t };
      return { input: params, token, headers: { 'x-bb-sign': signParams(params, t.clock.now().getTime()) } };
    },
  },
  'history.offline': {
    prepare: async () => {
      const id = await article();
      const token = await (await make.create('user')).token();
      const issued = await t.call('history.token', { article_id: id }, { token });
      if (!issued.result) throw new Error(`history t for the fixture was refused: ${issued.msg}`);
      t.clock.advance(31_000);
      const params = {
        article_id: id,
        key: `offline-${fresh()}`,
        spent_time: 30,
        from_s: 0,
        to_s: 30,
        is_finish: false,
        t: issued.result.t,
      };
      return { input: params, token, headers: { 'x-bb-sign': signParams(params, t.clock.now().getTime()) } };
    },
  },
  'words.add': {
    prepare: async () => ({
      input: { word: 'zebra', sentence: 'A zebra ran.', article_id: await article() },
      token: await (await make.create('user')).token(),
    }),
  },
  'words.delete': {
    prepare: async () => {
      const token = await (await make.create('user')).token();
      await t.call('words.add', { word: 'zebra' }, { token });
      return { input: { word: 'zebra' }, token };
    },
  },
  'magazine.create': { prepare: () => asManager({ name: `Double weekly ${fresh()}`, edition: '2026-11-21' }) },
  'magazine.crawl': { prepare: async () => asManager({ id: (await magazineRow()).id }) },
  'magazine.upload': {
    prepare: async () => {
      const token = await manager.token();
      const issued = await t.call('auth.uploadToken', { key: 'issue.epub' }, { token });
      const put = await t.app.inject({
        method: 'PUT',
        url: issued.result!.upload_url,
        payload: await buildEpub({ version: 3 }),
        headers: issued.result!.headers,
      });
      if (put.statusCode !== 200) throw new Error(`upload for the fixture was refused: ${put.body}`);
      return { input: { id: (await magazineRow()).id, link: issued.result!.link }, token };
    },
  },
  'magazine.downloadArticles': { prepare: async () => asManager({ id: (await magazineRow()).id }) },
  'magazine.audit': { prepare: async () => asManager({ id: (await magazineRow()).id, action: 'approve' }) },
  'magazine.publish': {
    prepare: async () => asManager({ id: (await magazineRow('approved', 'approved')).id }),
  },
  'magazineArticle.update': {
    appends: EDITORIAL_LOG,
    why: EDITORIAL_WHY,
    prepare: async () => asManager({ id: (await magazineRow()).entry, article: { title: `Retitled ${fresh()}` } }),
  },
  'words.review': {
    prepare: async () => {
      const token = await (await make.create('user')).token();
      const added = await t.call('words.add', { word: 'zebra' }, { token });
      return { input: { id: added.result!.id, rating: 3, spent: 1000 }, token };
    },
    check: async (call) => {
      const card = await t.call('words.detail', { word: 'zebra' }, { token: call.token });
      expect(card.result?.item.reps, 'a double-tapped review applies once').toBe(1);
    },
  },
  'collection.add': {
    prepare: async () => ({
      input: { title: `Double create ${fresh()}`, articles: [{ article_id: await article() }] },
      token: await (await make.create('user')).token(),
    }),
  },
  'collection.publish': {
    prepare: async () => {
      const { id, token } = await collection();
      return { input: { id }, token };
    },
  },
  'collection.mark': {
    prepare: async () => ({
      input: { id: (await collection(true)).id, action: 'follow' },
      token: await (await make.create('user')).token(),
    }),
    check: async (call) => {
      const shown = await t.call('collection.show', { id: call.input.id as number }, { token: call.token });
      expect(shown.result?.follower_count, 'a double-tapped follow counts once').toBe(1);
    },
  },
  'collection.destory': {
    prepare: async () => {
      const { id, token } = await collection();
      return { input: { id }, token };
    },
  },
  'creator.apply': {
    prepare: async () => ({ input: { statement: '我想整理适合初学者的文章合集。' }, token: await (await make.create('user')).token() }),
  },
  'creator.review': {
    prepare: async () => asManager({ id: (await application()).id, action: 'approve' }),
  },
  'creator.byline': {
    prepare: async () => {
      const { id, userId } = await application();
      const token = await manager.token();
      await t.call('creator.review', { id, action: 'approve' }, { token });
      const byline = await createArticle(t, { title: `Byline ${fresh()}`, author: `Writer ${fresh()}` });
      const authorId = (await t.call('article.show', { id: byline })).result!.author!.id;
      return { input: { id: userId, author_id: authorId }, token };
    },
  },
  'creator.follow': {
    prepare: async () => {
      const { id, userId } = await application();
      await t.call('creator.review', { id, action: 'approve' }, { token: await manager.token() });
      return { input: { id: userId, status: true }, token: await (await make.create('user')).token() };
    },
    check: async (call) => {
      const shown = await t.call('creator.show', { id: call.input.id as number }, {});
      expect(shown.result?.follower_count, 'a double-tapped follow counts once').toBe(1);
    },
  },
  // With no AI provider configured (as here), AI calls answer offline; an identical ask is one stored row.
  'ai.ask': {
    prepare: async () => ({
      input: { prompt: 'Why did the zebra run?', article_id: await article() },
      token: await (await make.create('user')).token(),
    }),
  },
  'ai.summaryCreate': { prepare: async () => asManager({ article_id: await article() }) },
  'ai.trans': {
    prepare: async () => {
      // A sentence of its own: other fixtures publish the zebra sentence without a translation.
      const en = `A zebra named ${fresh()} ran across the plain.`;
      await createArticle(t, { title: `Trans ${fresh()}`, paragraphs: [{ en, zh: '一匹斑马跑过平原。' }] });
      return { input: { text: en }, token: await (await make.create('user')).token() };
    },
  },
  'ai.analyze': {
    prepare: async () => ({ input: { text: 'A zebra ran across the plain.' }, token: await (await make.create('user')).token() }),
  },
  'ai.retranslate': { prepare: async () => asManager({ id: await article(), ai: false }) },
  'user.bindWx': {
    prepare: async () => {
      const user = await make.create('user');
      return asManager({ user_id: user.id, openid: `o-double-${fresh()}` });
    },
  },
  // Settings are one row per key: each fixture starts from the key unset, so one save adds the row.
  'appinfo.saveContactQywx': {
    prepare: async () => {
      await unset('qywx.contact');
      return asManager({ link: 'https://work.weixin.qq.com/kfid/kfc1', note: '客服' });
    },
  },
  'appinfo.saveNotify': {
    prepare: async () => {
      await unset('app.notice');
      return asManager({ enabled: true, title: '通知', content: '今晚维护' });
    },
  },
  'appinfo.saveAppVersion': {
    prepare: async () => {
      await unset('app.version.android');
      return asManager({ platform: 'android', version: '1.2.0', version_code: 120, url: 'https://dl.example/a.apk' });
    },
  },
  'media.renderMarkdown': { prepare: async () => asManager({ markdown: `# Poster ${fresh()}`, layout: 'square' }) },
  'article.export': {
    prepare: async () => ({ input: { article_ids: [await article()] }, token: await (await make.create('user')).token() }),
  },
  'appinfo.saveManualPay': {
    prepare: async () => {
      await unset('pay.manual');
      return asManager({ payee: '畅读工作室', account: '6222 0000 0000 0000', contact: '微信 changdu' });
    },
  },
  'appinfo.saveProductPoster': {
    prepare: async () => {
      await unset('poster.product');
      return asManager({ title: '畅读会员', lines: '双语对照\n音频跟读' });
    },
  },
};

// Membership (issue 12).
const asUser = async (input: Record<string, unknown>, user?: Actor): Promise<Call> => ({
  input,
  token: await (user ?? (await make.create('user'))).token(),
});
async function monthly(): Promise<number> {
  return (await t.db.kysely.selectFrom('member_products').select('id').where('code', '=', 'monthly').executeTakeFirstOrThrow()).id;
}
async function pendingOrder(): Promise<{ buyer: Actor; orderNo: string }> {
  const buyer = await make.create('user');
  const res = await t.call('order.create', { product_id: await monthly() }, { token: await buyer.token() });
  if (!res.result) throw new Error(`order for the fixture was refused: ${res.msg}`);
  return { buyer, orderNo: res.result.order.order_no };
}
const expiryOf = async (userId: number) =>
  (await t.db.kysely.selectFrom('users').select('member_expires_at').where('id', '=', userId).executeTakeFirstOrThrow()).member_expires_at;
const DAY_MS = 86_400_000;

Object.assign(FIXTURES, {
  'member.productSave': {
    prepare: async () => ({
      input: { code: `p${fresh()}`, name: '周卡', level: 1, days: 7, price_fen: 600, benefits: ['会员文章全文阅读'], is_active: false },
      token: await (await make.create('super')).token(),
    }),
  },
  'member.open': {
    prepare: async () => asManager({ user_id: (await make.create('user')).id, level: 1, days: 30, remark: '双击' }),
    check: async (call) => {
      expect(await expiryOf(call.input.user_id as number)).toBe(new Date(t.clock.now().getTime() + 30 * DAY_MS).toISOString());
    },
  },
  'member.renewal': {
    prepare: async () => asManager({ user_id: (await make.create('user')).id, days: 10, remark: '双击' }),
    check: async (call) => {
      expect(await expiryOf(call.input.user_id as number), 'renewed once').toBe(
        new Date(t.clock.now().getTime() + 10 * DAY_MS).toISOString(),
      );
    },
  },
  'member.close': {
    prepare: async () => {
      const user = await make.create('user');
      await t.call('member.open', { user_id: user.id, level: 1, days: 5, remark: '准备' }, { token: await manager.token() });
      return asManager({ user_id: user.id, remark: '关闭' });
    },
  },
  'order.create': { prepare: async () => asUser({ product_id: await monthly() }) },
  'order.finish': {
    prepare: async () => asManager({ order_no: (await pendingOrder()).orderNo }),
    check: async (call) => {
      const order = await t.db.kysely
        .selectFrom('member_orders')
        .selectAll()
        .where('order_no', '=', call.input.order_no as string)
        .executeTakeFirstOrThrow();
      expect(await expiryOf(order.user_id), 'one month, once').toBe(new Date(Date.parse(order.finished_at!) + 31 * DAY_MS).toISOString());
    },
  },
  'order.close': {
    prepare: async () => {
      const { buyer, orderNo } = await pendingOrder();
      return asUser({ order_no: orderNo }, buyer);
    },
  },
  'order.buyerPaid': {
    prepare: async () => {
      const { buyer, orderNo } = await pendingOrder();
      return asUser({ order_no: orderNo }, buyer);
    },
  },
  'trial.open': { prepare: async () => asUser({ xhs_id: `xhs_${fresh()}` }) },
  'trial.receive': {
    prepare: async () => {
      const link = await t.call('trial.link', {}, { token: await manager.token() });
      return asUser({ e: link.result!.e });
    },
  },
  'trial.link': { prepare: async () => asManager({ hours: 1 }) },
  'code.generate': {
    appends: ['invitation_codes'],
    why: 'each generate call makes a new batch of unused codes (a spare code costs nothing)',
    prepare: async () => asManager({ ctype: 'member', remark: '双击', count: 1 }),
  },
  'code.bind': {
    prepare: async () => {
      const owner = await make.create('user');
      const mine = await t.call('code.mine', {}, { token: await owner.token() });
      const friend = await make.create('user');
      return asUser({ user_id: friend.id, code: mine.result!.code }, friend);
    },
  },
  'code.receiveAward': {
    prepare: async () => {
      const owner = await make.create('user');
      const mine = (await t.call('code.mine', {}, { token: await owner.token() })).result!;
      const friend = await make.create('user');
      await t.call('code.bind', { user_id: friend.id, code: mine.code }, { token: await friend.token() });
      return asUser({ code_id: mine.id }, owner);
    },
  },
  'rank.receiveAward': {
    prepare: async () => {
      // A reader alone at the top of a past week of their own.
      const reader = await make.create('user');
      const monday = new Date(Date.parse('2026-11-09T00:00:00Z') - fresh() * 7 * DAY_MS).toISOString().slice(0, 10);
      await t.db.kysely.insertInto('reading_weeks').values({ user_id: reader.id, week: monday, seconds: 600, finished: 0 }).execute();
      return asUser({ rank_date: monday }, reader);
    },
  },
  'learner.words': { prepare: () => asUser({ words: ['zebra', 'plains', 'ran'], status: 'known' }) },
  'learner.articleKnown': { prepare: async () => asUser({ id: await article() }) },
  'learner.placementAnswer': {
    appends: ['learner_estimates'],
    why: 'every test taken is kept with its date (the profile shows the latest)',
    prepare: () =>
      asUser({
        answers: [
          'time',
          'water',
          'house',
          'money',
          'school',
          'family',
          'country',
          'world',
          'friend',
          'city',
          'music',
          'river',
          'window',
          'blorvish',
        ].map((word) => ({ word, known: word !== 'blorvish' })),
      }),
  },
} satisfies Partial<Record<EndpointName, Fixture>>);

const posts = (Object.entries(endpoints) as [EndpointName, Endpoint][]).filter(([, ep]) => ep.method === 'POST');

async function send(name: EndpointName, call: Call) {
  const { url, query, body } = requestParts(endpoints[name] as Endpoint, call.input);
  const headers: Record<string, string> = { ...call.headers };
  if (call.token) headers.authorization = `Bearer ${call.token}`;
  const text = Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const res = await t.app.inject({ method: 'POST', url, query: text, payload: body ?? {}, headers });
  return { http: res.statusCode, body: res.body };
}

// SQLite's full-text index keeps its own b-tree pages as rows; they follow `articles` by trigger.
const FTS_SHADOW = /_fts_/;

async function measured(work: () => Promise<unknown>): Promise<RowCounts> {
  const counted = tables.filter((name) => !FTS_SHADOW.test(name));
  const before = await countRows(t.db, counted);
  await work();
  return deltaCounts(before, await countRows(t.db, counted));
}

describe('double submit', () => {
  it('has a fixture for every write endpoint of the table', () => {
    const missing = posts.filter(([name]) => !FIXTURES[name]).map(([name]) => name);
    expect(missing, 'add a valid call for these endpoints to FIXTURES in double-submit.test.ts').toEqual([]);
  });

  it.each(posts.map(([name]) => [name] as const))('%s twice at once: no 5xx, one result', async (name) => {
    const fixture = FIXTURES[name];
    expect(fixture, `no fixture for ${name}`).toBeDefined();
    if (!fixture) return;

    // The same call once, on its own subject: what one submit leaves.
    const single = await fixture.prepare();
    let one = { http: 0, body: '' };
    const once = await measured(async () => (one = await send(name, single)));
    expect(one.http, `the fixture of ${name} must be a valid call: ${one.body.slice(0, 200)}`).toBeLessThan(300);

    // Twice at once on a twin subject.
    const double = await fixture.prepare();
    let answers: { http: number; body: string }[] = [];
    const twice = await measured(async () => (answers = await Promise.all([send(name, double), send(name, double)])));
    for (const a of answers) expect(a.http, `${name}: ${a.body.slice(0, 200)}`).toBeLessThan(500);
    expect(
      answers.some((a) => a.http < 300),
      `${name}: one of the two succeeds`,
    ).toBe(true);

    // Tables a call appends to by design may grow once per accepted call; every other table
    // must end as one submit leaves it.
    const appends = new Set(fixture.appends ?? []);
    const accepted = answers.filter((a) => a.http < 300).length;
    const expected: RowCounts = {};
    for (const [table, d] of Object.entries(once)) expected[table] = appends.has(table) ? accepted * d : d;
    expect(twice, `${name}: rows left by a double submit vs. by one submit`).toEqual(expected);
    await fixture.check?.(double);
  });
});
