// IDOR sweep (issue 9 §2): every endpoint that takes the id of a user-owned thing or of an
// article is called by another user and by an anonymous caller with (a) the id of a thing
// that exists but is not theirs (another user's card, note, task, word; an unpublished
// article) and (b) an id that does not exist. (a) must be refused, answer exactly as (b)
// does, carry nothing of the thing, and change nothing. Which fields take ids is read from
// the contract: a new endpoint with an id field fails here until it is classified below.
import { endpoints, inQuery, satisfies, type Endpoint, type EndpointName } from '@changdu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createArticle } from '../../test/factories.js';
import { actors, type Actor } from '../../test/fuzz/actors.js';
import { encodeLoose } from '../../test/fuzz/mutations.js';
import { diffStates, tableNames, tableStates } from '../../test/fuzz/rows.js';
import { inputFields, sampleInput } from '../../test/fuzz/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/** What an id-like field points at. */
type Subject =
  | 'article' // any article: a draft must be as absent as a missing id
  | 'card' // a word-book card of the caller
  | 'note' // a note of the caller (note_uuid)
  | 'own-key' // a key the caller chooses in their own namespace (a new note's uuid): may succeed, on the caller's own thing
  | 'task' // a task the caller started
  | 'ask' // an AI question the caller asked
  | 'word' // a headword in the caller's word book
  | 'collection' // a collection of the caller's: a private one must be as absent as a missing id
  | 'user' // another account (only a super user may act on one)
  | 'magazine' // a magazine issue: an unpublished one must be as absent as a missing id
  | 'manager-only' // behind the manager role: the role gate answers before any lookup
  | 'book' // a book: another reader's private upload must be as absent as a missing id
  | 'book-uuid' // the uuid of a book (same rule)
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
  'history.offline': { article_id: 'article' },
  'words.add': { word: 'public', article_id: 'article' },
  'learner.article': { id: 'article' },
  'learner.articleKnown': { id: 'article' },
  'learner.articleMarks': { id: 'article' },
  'dict.pack': { article_id: 'article' },
  'words.delete': { word: 'word' },
  'words.ofArticle': { article_id: 'article' },
  'words.review': { id: 'card' },
  'words.detail': { word: 'word' },
  // Membership (issue 12): the caller's openid is only a hint for which offer applies; products are public.
  'member.products': { openid: 'public' },
  'member.version': { openid: 'public' },
  // A product's display name, behind the super role.
  'member.productSave': { name: 'manager-only' },
  'member.open': { user_id: 'manager-only' },
  'member.renewal': { user_id: 'manager-only' },
  'member.close': { user_id: 'manager-only' },
  'member.userLog': { user_id: 'manager-only' },
  'order.create': { product_id: 'public' },
  // The caller's own public Xiaohongshu handle, claimed once (one trial per handle, membership.test.ts).
  'trial.open': { xhs_id: 'public' },
  // Binding a code to another account is a manager's job: to anyone else that account is missing.
  'code.bind': { user_id: 'user' },
  // Only awards the caller earned are claimed; a code that earned the caller nothing answers as a missing one
  // (membership.test.ts: the owner's award is not the friend's).
  'code.receiveAward': { code_id: 'public' },
  'collection.add': { id: 'collection', cover_article_id: 'article' },
  'collection.publish': { id: 'collection' },
  'collection.mark': { id: 'collection' },
  'collection.destory': { id: 'collection' },
  'collection.show': { id: 'collection' },
  'collection.next': { id: 'collection', article_id: 'article' },
  'collection.manage': { owner_id: 'manager-only' },
  // Creators are public profiles; following one changes only the caller's own follow.
  'creator.show': { id: 'public' },
  'creator.follow': { id: 'public' },
  'creator.review': { id: 'manager-only' },
  'creator.byline': { id: 'manager-only', author_id: 'manager-only' },
  'book.publish': { id: 'manager-only' },
  'book.show': { id: 'book' },
  // A chapter index inside a book the caller may read: the book decides.
  'book.chapter': { id: 'book', chapter: 'public' },
  'book.shelfEntry': { id: 'book' },
  'book.add': { book_uuid: 'book-uuid' },
  'book.remove': { id: 'book' },
  'book.pos': { id: 'book' },
  'book.notesMine': { id: 'book' },
  'book.noteAdd': { id: 'book', note_uuid: 'own-key' },
  'book.noteDelete': { id: 'book', note_uuid: 'note' },
  'book.historyToken': { id: 'book' },
  'book.history': { id: 'book' },
  'book.levelWords': { id: 'book', chapter: 'public' },
  'book.chapterWords': { id: 'book', chapter: 'public' },
  // The share image quotes a highlight only of the caller's own.
  'book.shareImage': { id: 'book', note_uuid: 'note' },
  'magazine.create': { name: 'manager-only' },
  'magazine.show': { id: 'magazine' },
  'magazine.articles': { id: 'magazine' },
  'magazine.crawl': { id: 'manager-only' },
  'magazine.upload': { id: 'manager-only' },
  'magazine.downloadArticles': { id: 'manager-only' },
  'magazine.audit': { id: 'manager-only' },
  'magazine.publish': { id: 'manager-only' },
  'magazineArticle.update': { id: 'manager-only' },
  'ai.ask': { article_id: 'article' },
  'ai.askShow': { id: 'ask' },
  'ai.history': { article_id: 'article' },
  'ai.summary': { article_id: 'article' },
  'ai.summaryCreate': { article_id: 'manager-only' },
  // Dictionary words and names: public knowledge, answered alike for everyone.
  'ai.wordExplain': { word: 'public' },
  'ai.wordDict': { word: 'public' },
  'ai.wordSense': { word: 'public' },
  'ai.entity': { name: 'public' },
  'ai.retranslate': { id: 'manager-only' },
  'ai.questions': { article_id: 'article' },
  'user.bindWx': { user_id: 'manager-only', openid: 'manager-only' },
  'article.pdf': { id: 'article' },
  'article.pdfPrepare': { id: 'article' },
  'article.poster': { id: 'article', note_uuid: 'note' },
  // The task an earlier answer named, followed for its failure: every reader of the article is told
  // it, and a task of anything else is ignored exactly as a missing one is (the answer is the article's).
  'article.audio': { id: 'article', task_id: 'public' },
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
  collection: 'Quillowby private reading list',
  collectionNote: 'Sorvandel private note on an article',
  application: 'Pellicord statement of a creator application',
  bookTitle: 'Zorvanel private book',
  bookText: 'Quennith private chapter text.',
  magazine: 'Quillibrant unpublished weekly',
  ask: 'Pellucidor private question',
};

let t: TestApp;
let owner: Actor;
let other: Actor;
let tables: string[];
const ids = {
  root: '',
  published: 0,
  draft: 0,
  withdrawn: 0,
  card: 0,
  task: 0,
  note: 'owner-note-1',
  word: 'zebra',
  collection: 0,
  magazine: 0,
  ask: 0,
  book: 0,
  bookUuid: '00000000-0000-4000-8000-000000000001',
  publicBook: 0,
  bookRoot: 'pb000001',
};

/** A book row as an import leaves it (the import itself is tested in modules/books). */
async function insertBook(title: string, text: string, status: 'private' | 'published', uploadedBy: number, uuid: string) {
  const now = t.clock.now().toISOString();
  const book = await t.db.kysely
    .insertInto('books')
    .values({
      uuid,
      digest: uuid.replace(/-/g, '').padEnd(64, '0'),
      title,
      author: null,
      language: 'en',
      description: null,
      cover: null,
      toc: JSON.stringify([{ title: 'One', chapter: 0, anchor: null, depth: 0 }]),
      chapter_count: 1,
      word_count: 4,
      level: 'EASY',
      file_key: null,
      source: 'upload',
      status,
      uploaded_by: uploadedBy,
      published_at: status === 'published' ? now : null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const paragraph = { id: ids.bookRoot, kind: 'p', html: text, text, sentences: [{ id: `${ids.bookRoot}-s1`, text }], zh: null };
  await t.db.kysely
    .insertInto('book_chapters')
    .values({
      book_id: book.id,
      idx: 0,
      title: 'One',
      content: JSON.stringify([paragraph]),
      word_count: 4,
      level: 'EASY',
      level_words: JSON.stringify({ C4: 0, C6: 0, L4: 0, L8: 0, IELTS: 0 }),
    })
    .execute();
  return book.id;
}

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
  // A private collection (never published) and a creator application of the owner's.
  const collection = await t.call(
    'collection.add',
    { title: SECRET.collection, description: SECRET.collection, articles: [{ article_id: ids.published, note: SECRET.collectionNote }] },
    await as(owner),
  );
  expect(collection.code, collection.msg).toBe('200');
  ids.collection = collection.result!.id;
  const applied = await t.call('creator.apply', { statement: SECRET.application }, await as(owner));
  expect(applied.code, applied.msg).toBe('200');
  const asked = await t.call('ai.ask', { prompt: `${SECRET.ask} about the zebra?`, article_id: ids.published }, await as(owner));
  expect(asked.code, asked.msg).toBe('200');
  ids.ask = asked.result!.id;

  // The other user read an article that was later withdrawn: it must vanish from what they see.
  const used = await t.call('words.add', { word: 'quokka', sentence: 'A quokka smiled.', article_id: ids.withdrawn }, await as(other));
  expect(used.code, used.msg).toBe('200');
  await t.db.kysely.updateTable('articles').set({ status: 'draft', published_at: null }).where('id', '=', ids.withdrawn).execute();

  // The owner's private upload (on their shelf, with a note) and a published book everyone may read.
  ids.book = await insertBook(SECRET.bookTitle, SECRET.bookText, 'private', owner.id, ids.bookUuid);
  ids.publicBook = await insertBook(
    'An open book',
    'Paragraph one of the open book.',
    'published',
    owner.id,
    '00000000-0000-4000-8000-000000000002',
  );
  const bookNow = t.clock.now().toISOString();
  await t.db.kysely
    .insertInto('book_shelf')
    .values({
      user_id: owner.id,
      book_id: ids.book,
      pos: null,
      pos_at: null,
      progress: 0,
      read_seconds: 0,
      added_at: bookNow,
      last_read_at: null,
    })
    .execute();
  const bookNote = await t.call(
    'book.noteAdd',
    { id: ids.book, note_uuid: ids.note, chapter: 0, text: 'Quennith', comment: SECRET.comment, root: ids.bookRoot },
    await as(owner),
  );
  expect(bookNote.code, bookNote.msg).toBe('200');
  // An issue still being made, holding the draft article: neither may show through the magazine calls.
  const now = t.clock.now().toISOString();
  const magazine = await t.db.kysely
    .insertInto('magazines')
    .values({
      name: SECRET.magazine,
      edition: '2026-11-21',
      url: null,
      cover: null,
      status: 'draft',
      review_reason: null,
      crawled_at: null,
      crawl_error: null,
      task_id: null,
      created_by: null,
      published_at: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  ids.magazine = magazine.id;
  await t.db.kysely
    .insertInto('magazine_articles')
    .values({
      magazine_id: magazine.id,
      position: 1,
      section: null,
      title: SECRET.draftTitle,
      url: null,
      article_id: ids.draft,
      state: 'downloaded',
      error: null,
      review: 'approved',
      review_reason: null,
      created_at: now,
      updated_at: now,
    })
    .execute();

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
    case 'ask':
      return { exists: ids.ask, missing: MISSING_ID };
    case 'note':
    case 'own-key':
      return { exists: ids.note, missing: 'no-such-note' };
    case 'word':
      return { exists: ids.word, missing: 'walrus' };
    case 'collection':
      return { exists: ids.collection, missing: MISSING_ID };
    case 'user':
      return { exists: 0, missing: MISSING_ID }; // filled with the owner's id at call time
    case 'magazine':
      return { exists: ids.magazine, missing: MISSING_ID };
    case 'manager-only':
      return { exists: ids.draft, missing: MISSING_ID };
    case 'book':
      return { exists: ids.book, missing: MISSING_ID };
    case 'book-uuid':
      return { exists: ids.bookUuid, missing: '00000000-0000-4000-8000-000000000999' };
    case 'public':
      return null;
  }
}

const isBookPath = (ep: Endpoint) => /\/(my)?book\//.test(ep.path);

/** A plausible input of the endpoint pointing at readable things, to vary one field of. */
function baseInput(ep: Endpoint): Record<string, unknown> {
  const input = sampleInput(ep);
  for (const k of ['id', 'article_id']) if (k in input) input[k] = isBookPath(ep) ? ids.publicBook : ids.published;
  if ('chapter' in input) input.chapter = 0;
  if ('word' in input) input.word = 'zebra';
  if ('new_password' in input) input.new_password = 'changed123';
  if ('level' in input) input.level = 'C4';
  if ('root' in input) input.root = isBookPath(ep) ? ids.bookRoot : ids.root;
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
  const text = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));
  const query = Object.fromEntries(Object.entries(rest).flatMap(([k, v]) => (inQuery(ep, k) ? [[k, text(v)]] : [])));
  const body = Object.fromEntries(Object.entries(rest).filter(([k]) => !inQuery(ep, k)));
  const res = await t.app.inject(
    ep.method === 'GET' ? { method: 'GET', url, query, headers } : { method: 'POST', url, query, payload: body, headers },
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
    const before = await tableStates(t.db, tables);
    // A fresh other user per case, so one case's own writes (a note of theirs) do not meet the next.
    const caller = await actors(t).create('user');
    for (const who of ['other user', 'anonymous'] as const) {
      const token = who === 'anonymous' ? null : await caller.token();
      const afterToken = await tableStates(t.db, tables);
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
      if (!ownKey) expect(diffStates(afterToken, await tableStates(t.db, tables)), label).toEqual([]);
      if (satisfies('user', ep.role) === false) expect([401, 403], label).toContain(a.http);
    }
    if (subject !== 'own-key') {
      const changed = diffStates(before, await tableStates(t.db, tables)).filter((d) => !/^(auth_tokens|users):/.test(d));
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
        if (k === 'id') inputs.push({ ...baseInput(ep), id: ids.collection });
        if (k === 'id' && isBookPath(ep)) inputs.push({ ...baseInput(ep), id: ids.book });
        if (k === 'id' || k === 'article_id')
          inputs.push(
            { ...baseInput(ep), [k]: ids.draft },
            { ...baseInput(ep), [k]: ids.withdrawn },
            { ...baseInput(ep), [k]: ids.magazine },
          );
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
    const collection = await t.call('collection.show', { id: ids.collection }, { token });
    expect(collection.result?.articles.map((a) => a.note)).toEqual([SECRET.collectionNote]);
    expect((await t.call('creator.myApplication', {}, { token })).result?.application?.statement).toBe(SECRET.application);
    expect((await t.call('ai.askShow', { id: ids.ask }, { token })).result?.prompt).toContain(SECRET.ask);
  });
});
