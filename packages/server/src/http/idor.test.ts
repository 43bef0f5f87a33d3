// IDOR sweep (issue 9 §2): every endpoint that takes the id of a user-owned thing or of an
// article is called by another user and by an anonymous caller with (a) the id of a thing
// that exists but is not theirs (another user's card, note, task, word; an unpublished
// article) and (b) an id that does not exist. (a) must be refused, answer exactly as (b)
// does, carry nothing of the thing, and change nothing. Which fields take ids is read from
// the contract: a new endpoint with an id field fails here until it is classified below.
import { endpoints, satisfies, type Endpoint, type EndpointName } from '@changdu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createArticle } from '../../test/factories.js';
import { actors, type Actor } from '../../test/fuzz/actors.js';
import { encodeLoose } from '../../test/fuzz/mutations.js';
import { countRows, diffCounts, tableNames } from '../../test/fuzz/rows.js';
import { inputFields, sampleInput } from '../../test/fuzz/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/** What an id-like field points at. */
type Subject =
  | 'article' // any article: a draft must be as absent as a missing id
  | 'card' // a word-book card of the caller
  | 'note' // a note of the caller (note_uuid)
  | 'own-key' // a key the caller chooses in their own namespace (a new note's uuid): may succeed, on the caller's own thing
  | 'task' // a task the caller started
  | 'word' // a headword in the caller's word book
  | 'user' // another account (only a super user may act on one)
  | 'manager-only' // behind the manager role: the role gate answers before any lookup
  | 'public'; // a public thing (an author, an image, a demo page, a dictionary word): nothing to hide

/** Names that mark a field as pointing at a thing. */
const ID_LIKE = /^(id|\w+_id|\w+_uuid|uuid|word|slug|name|cuid|openid)$/;

/** Every id-like field of every endpoint, classified. */
const SUBJECTS: Partial<Record<EndpointName, Record<string, Subject>>> = {
  'auth.changePassword': { user_id: 'user' },
  'visitor.logs': { cuid: 'manager-only' },
  // An event name, and the client id the event is logged under: write-only, nothing is answered.
  'log.add': { name: 'public', cuid: 'public' },
  'user.searchWx': { openid: 'manager-only' },
  'article.show': { id: 'article' },
  'article.showWaikan': { id: 'article' },
  'author.show': { id: 'public' },
  'article.edit': { id: 'manager-only' },
  'article.update': { id: 'manager-only' },
  'article.lock': { id: 'manager-only' },
  'article.audit': { id: 'manager-only' },
  'article.publish': { id: 'manager-only' },
  'article.delete': { id: 'manager-only' },
  'article.redownload': { id: 'manager-only' },
  'rss.crawl': { id: 'manager-only' },
  'rss.items': { id: 'manager-only' },
  'rss.download': { id: 'manager-only' },
  'task.show': { id: 'task' },
  'media.image': { name: 'public' },
  'demo.page': { slug: 'public' },
  'dict.word': { word: 'public' },
  'article.wordAdd': { id: 'manager-only', word: 'manager-only' },
  'article.wordDelete': { id: 'manager-only', word: 'manager-only' },
  'article.levelWords': { id: 'article' },
  'article.mark': { id: 'article' },
  'note.add': { id: 'article', note_uuid: 'own-key' },
  'note.mine': { id: 'article' },
  'note.all': { id: 'article' },
  'note.delete': { id: 'article', note_uuid: 'note' },
  'note.ofArticle': { id: 'article' },
  'history.token': { article_id: 'article' },
  'history.report': { article_id: 'article' },
  'words.add': { word: 'public', article_id: 'article' },
  'words.delete': { word: 'word' },
  'words.ofArticle': { article_id: 'article' },
  'words.review': { id: 'card' },
  'words.detail': { word: 'word' },
  'user.bindWx': { user_id: 'manager-only', openid: 'manager-only' },
  'article.pdf': { id: 'article' },
  'article.pdfPrepare': { id: 'article' },
  'article.poster': { id: 'article', note_uuid: 'note' },
  'article.audio': { id: 'article' },
  'auth.audioToken': { article_id: 'article' },
  'article.audioFile': { id: 'article' },
  'article.exportFile': { task_id: 'task' },
};

const table = Object.entries(endpoints) as [EndpointName, Endpoint][];

/** The id-like fields of an endpoint, as the contract declares them. */
function idFields(ep: Endpoint): string[] {
  const { fields, path } = inputFields(ep);
  return Object.keys(fields).filter((k) => path.has(k) || ID_LIKE.test(k));
}

// Words that appear nowhere else, so finding one in a response is a leak.
const SECRET = {
  draftTitle: 'Qorvath draft headline',
  draftText: 'Vellimor unpublished paragraph about a zebra.',
  comment: 'Brindlecomment private',
  sentence: 'Tamsoric private sentence with a zebra.',
  task: 'Ostrelle task result',
  unpublishedTitle: 'Halvenmere withdrawn headline',
};

let t: TestApp;
let owner: Actor;
let other: Actor;
let tables: string[];
const ids = { root: '', published: 0, draft: 0, withdrawn: 0, card: 0, task: 0, note: 'owner-note-1', word: 'zebra' };

beforeAll(async () => {
  t = await createTestApp();
  const make = actors(t);
  owner = await make.create('user');
  other = await make.create('user');
  const as = async (a: Actor) => ({ token: await a.token() });

  ids.published = await createArticle(t, {
    title: 'An open article',
    paragraphs: ['Paragraph one of the open article.', 'A zebra crossed the road.'],
  });
  ids.draft = await createArticle(t, {
    title: SECRET.draftTitle,
    status: 'draft',
    paragraphs: [SECRET.draftText, 'The zebra stood still.'],
  });
  ids.withdrawn = await createArticle(t, { title: SECRET.unpublishedTitle, paragraphs: ['A zebra and a quokka met.'] });

  ids.root = (await t.call('article.show', { id: ids.published })).result!.paragraphs[0]!.id;
  // The owner's things: a private note, a word with a private sentence, a task.
  const note = await t.call(
    'note.add',
    { id: ids.published, note_uuid: ids.note, text: 'Paragraph one', comment: SECRET.comment, root: ids.root, is_public: false },
    await as(owner),
  );
  expect(note.code, note.msg).toBe('200');
  const word = await t.call('words.add', { word: ids.word, sentence: SECRET.sentence, article_id: ids.published }, await as(owner));
  expect(word.code, word.msg).toBe('200');
  ids.card = word.result!.id;
  const task = await t.db.kysely
    .insertInto('tasks')
    .values({
      type: 'download_article',
      payload: JSON.stringify({ note: SECRET.task }),
      status: 'done',
      progress: 100,
      message: SECRET.task,
      result: JSON.stringify({ title: SECRET.task }),
      attempts: 1,
      max_attempts: 3,
      idem_key: null,
      run_after: t.clock.now().toISOString(),
      locked_at: null,
      created_by: owner.id,
      finished_at: t.clock.now().toISOString(),
      created_at: t.clock.now().toISOString(),
      updated_at: t.clock.now().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  ids.task = task.id;

  // The other user read an article that was later withdrawn: it must vanish from what they see.
  const used = await t.call('words.add', { word: 'quokka', sentence: 'A quokka smiled.', article_id: ids.withdrawn }, await as(other));
  expect(used.code, used.msg).toBe('200');
  await t.db.kysely.updateTable('articles').set({ status: 'draft', published_at: null }).where('id', '=', ids.withdrawn).execute();

  tables = await tableNames(t.db);
}, 60_000);
afterAll(() => t?.close());

const MISSING_ID = 987_654;

/** The existing-but-not-yours value and the missing value for a subject. */
function probes(subject: Subject): { exists: unknown; missing: unknown } | null {
  switch (subject) {
    case 'article':
      return { exists: ids.draft, missing: MISSING_ID };
    case 'card':
      return { exists: ids.card, missing: MISSING_ID };
    case 'task':
      return { exists: ids.task, missing: MISSING_ID };
    case 'note':
    case 'own-key':
      return { exists: ids.note, missing: 'no-such-note' };
    case 'word':
      return { exists: ids.word, missing: 'walrus' };
    case 'user':
      return { exists: 0, missing: MISSING_ID }; // filled with the owner's id at call time
    case 'manager-only':
      return { exists: ids.draft, missing: MISSING_ID };
    case 'public':
      return null;
  }
}

/** A plausible input of the endpoint pointing at readable things, to vary one field of. */
function baseInput(ep: Endpoint): Record<string, unknown> {
  const input = sampleInput(ep);
  for (const k of ['id', 'article_id']) if (k in input) input[k] = ids.published;
  if ('word' in input) input.word = 'zebra';
  if ('new_password' in input) input.new_password = 'changed123';
  if ('level' in input) input.level = 'C4';
  if ('root' in input) input.root = ids.root;
  if ('text' in input) input.text = 'Paragraph one';
  return input;
}

async function send(ep: Endpoint, input: Record<string, unknown>, token: string | null) {
  const rest = { ...input };
  const url = ep.path.replace(/\{(\w+)\??\}/g, (_, name: string) => {
    const v = rest[name];
    delete rest[name];
    return encodeLoose(String(v));
  });
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const query = Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
  const res = await t.app.inject(
    ep.method === 'GET' ? { method: 'GET', url, query, headers } : { method: 'POST', url, payload: rest, headers },
  );
  let msg = '';
  try {
    msg = String((JSON.parse(res.body) as { status?: { msg?: unknown } }).status?.msg ?? '');
  } catch {
    msg = res.body.slice(0, 100);
  }
  return { http: res.statusCode, msg, body: res.body };
}

const leaks = (body: string) => Object.values(SECRET).filter((s) => body.includes(s) || body.includes(JSON.stringify(s).slice(1, -1)));

describe('the contract table', () => {
  it('has every id-like field classified for the IDOR sweep', () => {
    const unclassified: string[] = [];
    for (const [name, ep] of table) {
      for (const field of idFields(ep)) if (!SUBJECTS[name]?.[field]) unclassified.push(`${name}.${field}`);
    }
    expect(unclassified, 'classify these fields in SUBJECTS of idor.test.ts').toEqual([]);
  });
});

describe('IDOR sweep: another user and an anonymous caller learn nothing', () => {
  const cases = table.flatMap(([name, ep]) =>
    Object.entries(SUBJECTS[name] ?? {})
      .filter(([, subject]) => probes(subject) !== null)
      .map(([field, subject]) => [`${name}.${field} (${subject})`, name, ep, field, subject] as const),
  );

  it.each(cases)('%s', async (_label, name, ep, field, subject) => {
    const p = probes(subject)!;
    const exists = subject === 'user' ? owner.id : p.exists;
    const before = await countRows(t.db, tables);
    // A fresh other user per case, so one case's own writes (a note of theirs) do not meet the next.
    const caller = await actors(t).create('user');
    for (const who of ['other user', 'anonymous'] as const) {
      const token = who === 'anonymous' ? null : await caller.token();
      const afterToken = await countRows(t.db, tables);
      const a = await send(ep, { ...baseInput(ep), [field]: exists }, token);
      const b = await send(ep, { ...baseInput(ep), [field]: p.missing }, token);
      const label = `${name} ${field}=${String(exists)} as ${who}`;
      const ownKey = subject === 'own-key' && token !== null;
      if (!ownKey) expect(a.http, `${label}: ${a.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
      expect(a.http, label).toBeLessThan(500);
      expect(leaks(a.body), label).toEqual([]);
      // The same answer as for a thing that does not exist (the value itself masked).
      const mask = (s: string, v: unknown) => s.split(String(v)).join('<v>');
      expect({ http: a.http, msg: mask(a.msg, exists) }, `${label} vs a missing one`).toEqual({
        http: b.http,
        msg: mask(b.msg, p.missing),
      });
      if (!ownKey) expect(diffCounts(afterToken, await countRows(t.db, tables)), label).toEqual([]);
      if (satisfies('user', ep.role) === false) expect([401, 403], label).toContain(a.http);
    }
    if (subject !== 'own-key') {
      const changed = diffCounts(before, await countRows(t.db, tables)).filter((d) => !/^(auth_tokens|users):/.test(d));
      expect(changed, name).toEqual([]);
    }
  });

  it('leaves nothing of the owner or of unpublished articles in any answer to the others', async () => {
    // Every GET of the table, with search strings set to the secrets and ids to the owner's things.
    const found: string[] = [];
    for (const [name, ep] of table) {
      if (ep.method !== 'GET' || !satisfies('user', ep.role)) continue;
      const inputs: Record<string, unknown>[] = [baseInput(ep)];
      const { fields } = inputFields(ep);
      for (const k of Object.keys(fields)) {
        if (k === 'q')
          for (const s of [SECRET.draftTitle, 'Vellimor', 'Qorvath', 'Halvenmere', SECRET.comment]) inputs.push({ ...baseInput(ep), q: s });
        if (k === 'id' || k === 'article_id') inputs.push({ ...baseInput(ep), [k]: ids.draft }, { ...baseInput(ep), [k]: ids.withdrawn });
        if (k === 'word') inputs.push({ ...baseInput(ep), word: 'quokka' });
      }
      for (const input of inputs) {
        for (const token of [await other.token(), null]) {
          const res = await send(ep, input, token);
          const leaked = leaks(res.body);
          if (leaked.length) found.push(`${name} ${JSON.stringify(input)} as ${token ? 'other user' : 'anonymous'}: ${leaked.join(', ')}`);
        }
      }
    }
    expect(found).toEqual([]);
  });

  it('keeps the owner’s things intact and visible to the owner', async () => {
    const token = await owner.token();
    const notes = await t.call('note.mine', { id: ids.published }, { token });
    expect(notes.result?.list.map((n) => n.comment)).toEqual([SECRET.comment]);
    const word = await t.call('words.detail', { word: ids.word }, { token });
    expect(word.result?.contexts.map((c) => c.sentence)).toContain(SECRET.sentence);
    expect((await t.call('task.show', { id: ids.task }, { token })).code).toBe('200');
  });
});
