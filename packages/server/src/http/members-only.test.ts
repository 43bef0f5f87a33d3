// Members-only probe (issue 27 §1), beside the IDOR sweep: a locked article carries a made-up
// word and a made-up Chinese phrase past its preview, and every endpoint whose answer can carry
// article text is called as an anonymous caller, a plain user and a member. A non-member never
// sees either; a member sees them where the endpoint shows text. Which endpoints can carry
// article text is read from the contract: an endpoint open to members with a field that names
// an article or carries a query or a text fails the completeness check until it is classified.
import { endpoints, inQuery, satisfies, type Endpoint, type EndpointName } from '@changdu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createArticle } from '../../test/factories.js';
import { actors, type Actor } from '../../test/fuzz/actors.js';
import { encodeLoose } from '../../test/fuzz/mutations.js';
import { inputFields, sampleInput } from '../../test/fuzz/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * What an endpoint's answer may hold of an article:
 * - `text`: its text (the reader page, search, quotes): a member sees the locked part, no one else;
 * - `text-unseen`: text drawn from it, but not the locked words themselves (an offline summary,
 *   generated questions, the reader's own question's answer): no one else sees them either;
 * - `whole`: a file of the whole text (PDF, audio): refused to non-members, served to members;
 * - `none`: nothing of the article's text (the reason beside it).
 */
type Carries = 'text' | 'text-unseen' | 'whole' | 'none';

const CARRIES: Partial<Record<EndpointName, Carries>> = {
  'article.show': 'text',
  'article.showWaikan': 'text',
  'search.articles': 'text',
  'ai.trans': 'text', // a stored paragraph's Chinese
  'ai.entity': 'text', // sentences mentioning the name
  'ai.wordDict': 'text', // example sentences from articles
  'ai.wordSense': 'none', // one of the dictionary's meanings for the caller's own sentence
  'ai.wordExplain': 'text', // the offline explanation's examples
  'note.all': 'text', // public highlights quote the article
  'article.audio': 'whole', // sentence timings: the whole text
  'auth.audioToken': 'whole',
  'article.pdf': 'whole',
  'article.pdfPrepare': 'whole',
  'ai.summary': 'text-unseen',
  // Dictionary headwords of the part the caller may read, and (learner) the sentence a new word stands in.
  'dict.pack': 'text-unseen',
  'learner.article': 'text-unseen',
  'learner.articleMarks': 'text-unseen', // the forms of new words in the part the caller may read
  'learner.articleKnown': 'none', // a count of words marked known
  'ai.questions': 'text-unseen',
  'ai.ask': 'text-unseen',
  'ai.analyze': 'none', // analyses the caller's own text, quoting nothing else
  'article.poster': 'text-unseen', // a PNG; a sentence past the preview is refused to non-members
  'article.export': 'text-unseen', // a task id; the export job cuts to the preview (article-media.test.ts)
  'article.levelWords': 'none', // level words are dictionary headwords, not the article's sentences
  'article.mark': 'none',
  'note.add': 'none',
  'note.mine': 'none', // the caller's own highlights
  'note.delete': 'none',
  'note.ofArticle': 'none',
  'history.token': 'none',
  'history.report': 'none',
  'history.offline': 'none', // bound to a t the reader got where they could read it
  'words.add': 'none', // the caller's own sentence
  'words.delete': 'none',
  'words.list': 'none',
  'words.ofArticle': 'none',
  'words.detail': 'none',
  'dict.word': 'none', // the dictionary's entry of the caller's word and sentence
  'ai.history': 'none', // the caller's own questions
  'ai.askShow': 'none',
  'collection.add': 'none',
  'collection.next': 'none', // a card: title and summary
  'collection.list': 'none',
  'order.list': 'none',
  'article.topic': 'none', // cards
  // Served only with a link auth.audioToken issues (probed above); the link carries the role it was issued to.
  'article.audioFile': 'none',
  'media.image': 'none', // an image by its name
  'book.noteAdd': 'none',
  'book.chapter': 'none', // books are not articles
  'book.shareImage': 'none',
  'creator.apply': 'none',
  'appinfo.appVersion': 'none',
  'log.add': 'none',
};

/** Fields that name an article or carry a query or a text a search could match. */
const ARTICLE_FIELD = /^(article_id|article_ids|q|word|name|text|sentence|prompt|selection)$/;
const isArticlePath = (ep: Endpoint) => /\/article\/(waikan\/)?\{id\}/.test(ep.path);

/** Endpoints a member may call whose input can point at an article's text. */
function probed(): [EndpointName, Endpoint][] {
  return (Object.entries(endpoints) as [EndpointName, Endpoint][]).filter(([, ep]) => {
    if (!satisfies('member', ep.role)) return false;
    const { fields } = inputFields(ep);
    return isArticlePath(ep) || Object.keys(fields).some((k) => ARTICLE_FIELD.test(k));
  });
}

// Made-up words and a phrase that stand nowhere else: seeing SECRET or ZH is reading the locked
// part. Callers ask for WORD (a name, a query) or for a dictionary word of the same sentence;
// SECRET is never in their input, so an echo of the input does not count.
const WORD = 'Vorquendil';
const SECRET = 'Zarbelline';
const DICT_WORD = 'lantern';
const ZH = '秘藏令牌语';
const LOCKED_SENTENCE = `The ${WORD} ${SECRET} lantern glowed behind the paywall.`;

let t: TestApp;
let user: Actor;
let member: Actor;
let locked = 0;

beforeAll(async () => {
  t = await createTestApp();
  const make = actors(t);
  user = await make.create('user');
  member = await make.create('member');
  // Six paragraphs: the preview is the first two; the word and its Chinese stand in the fifth.
  locked = await createArticle(t, {
    title: 'A members-only article',
    is_lock: true,
    paragraphs: [
      'An open first paragraph about rivers.',
      'An open second paragraph about hills.',
      'A third paragraph, for members.',
      'A fourth paragraph, for members.',
      { en: LOCKED_SENTENCE, zh: `${ZH}在付费墙后发光。` },
      'A sixth paragraph, for members.',
    ],
  });
  // A member's public highlight of the locked part.
  const root = (await t.call('article.show', { id: locked }, { token: await member.token() })).result!.paragraphs[4]!.id;
  const note = await t.call(
    'note.add',
    { id: locked, note_uuid: 'member-note-1', text: LOCKED_SENTENCE, comment: '', root, is_public: true },
    { token: await member.token() },
  );
  expect(note.code, note.msg).toBe('200');
}, 60_000);
afterAll(() => t?.close());

function inputFor(ep: Endpoint): Record<string, unknown> {
  const input = sampleInput(ep);
  for (const k of ['id', 'article_id']) if (k in input) input[k] = locked;
  if ('article_ids' in input) input.article_ids = [locked];
  for (const k of ['q', 'name']) if (k in input) input[k] = WORD;
  if ('word' in input) input.word = DICT_WORD;
  if ('text' in input) input.text = LOCKED_SENTENCE;
  if ('prompt' in input) input.prompt = `What does the article say about ${WORD}?`;
  if ('offset' in input) input.offset = 0;
  for (const k of ['note_uuid', 'selection', 'stream', 'token', 'sentence', 'task_id']) delete input[k];
  if ('style' in input) input.style = 'en';
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
  return { http: res.statusCode, body: res.body };
}

/** The locked part in an answer, minus the caller's own text echoed back (a sentence to translate). */
function seen(body: string, input: Record<string, unknown>): boolean {
  let rest = body;
  for (const v of Object.values(input)) {
    if (typeof v !== 'string' || v.length < 4) continue;
    rest = rest.split(v).join('').split(JSON.stringify(v).slice(1, -1)).join('');
  }
  return rest.includes(SECRET) || rest.includes(ZH);
}

describe('the contract table', () => {
  it('says for every endpoint that can point at an article’s text what its answer carries', () => {
    const missing = probed()
      .map(([name]) => name)
      .filter((name) => !CARRIES[name]);
    expect(missing, 'classify these endpoints in CARRIES of members-only.test.ts').toEqual([]);
  });
});

describe('members-only text stays with members', () => {
  const cases = probed().filter(([name]) => CARRIES[name] && CARRIES[name] !== 'none');

  it.each(cases)('%s', async (name, ep) => {
    const carries = CARRIES[name]!;
    const input = inputFor(ep);
    for (const who of ['anonymous', 'user'] as const) {
      const token = who === 'user' ? await user.token() : null;
      const res = await send(ep, input, token);
      // 503: a feature that needs the AI service, which tests run without.
      expect(res.http, `${name} as ${who}: ${res.body.slice(0, 200)}`).not.toBe(500);
      expect(seen(res.body, input), `${name} as ${who} sees the locked text: ${res.body.slice(0, 300)}`).toBe(false);
      if (carries === 'whole') expect(res.http, `${name} as ${who}`).toBeGreaterThanOrEqual(400);
    }
    const res = await send(ep, input, await member.token());
    expect(res.http, `${name} as a member: ${res.body.slice(0, 200)}`).not.toBe(500);
    if (carries === 'text') expect(seen(res.body, input), `${name} as a member: ${res.body.slice(0, 300)}`).toBe(true);
    // A member is not refused the whole text: the PDF answers 404 only while it is being made.
    if (carries === 'whole' && res.http >= 400) expect(res.body, name).toContain('正在生成');
  });

  it('answers a sentence past the preview on the poster only to members', async () => {
    const input = { id: locked, sentence: LOCKED_SENTENCE };
    expect((await send(endpoints['article.poster'], input, null)).http).toBe(400);
    expect((await send(endpoints['article.poster'], input, await user.token())).http).toBe(400);
    expect((await send(endpoints['article.poster'], input, await member.token())).http).toBe(200);
  });
});
