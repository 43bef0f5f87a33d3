// Double-submit (issue 9 §2): every write endpoint (every POST of the contract table) is
// called twice at once with the same valid input, as a double tap sends it. No answer may
// be a 5xx, and the rows left are those one call leaves: the change in row counts of every
// table after the double submit equals the change after a single submit on a twin subject
// (tables a call appends to by design are listed per fixture). A POST endpoint without a
// fixture fails the first test: a new write endpoint must add one here.
import { endpoints, signParams, type Endpoint, type EndpointName } from '@changdu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

// The editorial history is an audit log: it records every manager action as it arrives.
const EDITORIAL_LOG = ['article_events'] as const;
const EDITORIAL_WHY = 'the editorial history records every action a manager takes';

/** One valid call per write endpoint. */
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
  'appinfo.saveProductPoster': {
    prepare: async () => {
      await unset('poster.product');
      return asManager({ title: '畅读会员', lines: '双语对照\n音频跟读' });
    },
  },
};

const posts = (Object.entries(endpoints) as [EndpointName, Endpoint][]).filter(([, ep]) => ep.method === 'POST');

async function send(name: EndpointName, call: Call) {
  const ep = endpoints[name] as Endpoint;
  const rest = { ...call.input };
  const url = ep.path.replace(/\{(\w+)\??\}/g, (_, key: string) => {
    const v = rest[key];
    delete rest[key];
    return encodeURIComponent(String(v));
  });
  const headers: Record<string, string> = { ...call.headers };
  if (call.token) headers.authorization = `Bearer ${call.token}`;
  const res = await t.app.inject({ method: 'POST', url, payload: rest, headers });
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
