import { createHash } from 'node:crypto';
import type { AiAsk, AiSummary, Paragraph } from '@changdu/contract';
import { satisfies } from '@changdu/contract';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { addDays, dayBounds, dayKey } from '../../lib/days.js';
import type { Clock } from '../../lib/clock.js';
import { DomainError, Invalid, NotFound, TooMany, Unavailable } from '../../lib/errors.js';
import { pageOf } from '../../lib/page.js';
import { Streamed } from '../../lib/streamed.js';
import { AiProviderError, type AiProvider, type ChatRequest, type ChatStream, type ChatUsage } from '../../providers/ai/index.js';
import type { ArticlesService, EditorialService } from '../articles/index.js';
import { parseParagraphs, visibleParagraphs } from '../articles/index.js';
import type { DictionaryService, Ecdict } from '../dictionary/index.js';
import { meaningsOf } from '../dictionary/index.js';
import type { NotesService } from '../notes/index.js';
import type { WordsService } from '../words/index.js';
import { aiRepo, type AskRow } from './ai.repo.js';
import { analyseSentence, bestPassages, citationsIn, clozeQuestions, sentencesMentioning, textRank } from './offline.js';
import * as prompts from './prompts.js';

type UserActor = Extract<Actor, { kind: 'user' }>;

export interface AiServiceDeps {
  db: Db;
  clock: Clock;
  /** Null: no provider configured; every call answers offline (or 503 where nothing offline exists). */
  provider: AiProvider | null;
  quota: { user: number; memberPerLevel: number };
  dict: Ecdict;
  articles: Pick<ArticlesService, 'readable'>;
  dictionary: Pick<DictionaryService, 'lookup' | 'senses'>;
  notes: Pick<NotesService, 'mine'>;
  words: Pick<WordsService, 'ofArticle'>;
  editorial: Pick<EditorialService, 'setTranslations'>;
}

const PAGE = 20;
const OFFLINE = '离线';
export const UPGRADE_LINK = '/member';

function hashKey(parts: unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

/** A provider failure in words a reader understands ("503"; a provider's own 429 is our outage too). */
function unavailable(error: unknown): DomainError {
  if (error instanceof DomainError) return error;
  if (error instanceof AiProviderError) {
    const why = error.reason === 'timeout' ? '响应超时' : error.reason === 'rate_limited' ? '繁忙' : '暂时无法连接';
    return new Unavailable(`AI 服务${why}，请稍后再试`);
  }
  return new Unavailable('AI 服务暂时无法使用，请稍后再试');
}

function toAsk(row: AskRow, cached = false): AiAsk {
  return {
    id: row.id,
    prompt: row.prompt,
    article_id: row.article_id,
    article_title: row.article_title,
    pos: row.pos,
    source: row.source,
    answer: row.answer,
    citations: JSON.parse(row.citations) as string[],
    tokens: row.tokens,
    created_at: row.created_at,
    offline: row.offline === 1,
    model: row.model,
    cached,
  };
}

export function aiService(deps: AiServiceDeps) {
  const { db, clock, provider, dict } = deps;
  const repo = aiRepo(db);
  const model = provider?.model ?? null;
  const now = () => clock.now().toISOString();

  /** Daily token allowance; null when not limited. Anonymous readers have none. */
  function dailyLimit(actor: Actor): number | null {
    if (actor.kind !== 'user') return 0;
    if (satisfies(actor.role, 'manager')) return null;
    if (actor.role === 'member') return deps.quota.memberPerLevel * Math.max(1, actor.user.member_level ?? 1);
    return deps.quota.user;
  }

  /** The start of the next China-time day. */
  function resetsAt(): string {
    return dayBounds(addDays(dayKey(clock.now()), 1)).start;
  }

  async function checkQuota(actor: UserActor) {
    const limit = dailyLimit(actor);
    if (limit === null) return;
    const used = await repo.usageOn(actor.user.id, dayKey(clock.now()));
    if (used.tokens < limit) return;
    const wait = (Date.parse(resetsAt()) - clock.now().getTime()) / 1000;
    const raise = actor.role === 'member' ? '提升会员等级可获得更多额度' : `开通会员可获得更多额度（${UPGRADE_LINK}）`;
    const error = TooMany.after(wait, `今天的 AI 额度（${limit} tokens）已用完，将于北京时间明天 0 点恢复；${raise}。`);
    // The wording above already says when; the wait stays in Retry-After.
    throw new TooMany(error.message.replace(/，请 .*后再试$/, ''), error.retryAfterSec);
  }

  async function count(actor: UserActor, usage: ChatUsage) {
    await repo.count(actor.user.id, dayKey(clock.now()), usage.totalTokens);
  }

  /**
   * Starts a provider call for a reader: checks the quota, then waits until the provider accepted
   * the request (its failures become "503" here, before anything is stored or streamed).
   */
  async function startChat(actor: UserActor, request: ChatRequest): Promise<ChatStream> {
    if (!provider) throw new Unavailable('没有配置 AI 服务');
    await checkQuota(actor);
    try {
      return await provider.chat(request);
    } catch (error) {
      throw unavailable(error);
    }
  }

  /**
   * Consumes a chat: collected (`stream` false) or as a `Streamed` answer. Usage is counted once,
   * when the answer ends or the reader leaves (then estimated from what was sent); `finish` runs
   * only for a complete answer, so a failed one stores nothing.
   */
  async function deliver<T>(
    actor: UserActor,
    chat: ChatStream,
    stream: boolean,
    finish: (text: string, usage: ChatUsage) => Promise<T>,
  ): Promise<T | Streamed<T>> {
    let text = '';
    let counted = false;
    const settle = async () => {
      if (counted) return;
      counted = true;
      await count(actor, chat.usage());
    };
    async function* chunks() {
      try {
        for await (const c of chat.chunks) {
          text += c;
          yield c;
        }
      } catch (error) {
        throw unavailable(error);
      } finally {
        await settle();
      }
    }
    if (!stream) {
      for await (const _ of chunks()) void _;
      return finish(text, chat.usage());
    }
    return new Streamed(chunks(), () => finish(text, chat.usage()));
  }

  const answerOf = <T>(stream: boolean, text: string, result: T): T | Streamed<T> => (stream ? Streamed.of(text, result) : result);

  // ---- ask ----

  async function grounding(actor: UserActor, articleId: number, question: string, pos: string | undefined, selection: string | undefined) {
    const readable = await deps.articles.readable(actor, articleId);
    const all = visibleParagraphs(readable.row, readable.full).filter((p) => p.kind !== 'figure');
    const at = pos ? pos.replace(/-s\d+$/, '') : null;
    const chosen = new Set<string>();
    if (at && all.some((p) => p.id === at)) chosen.add(at);
    for (const p of bestPassages(all, (x) => x.text, `${question} ${selection ?? ''}`, 3)) chosen.add(p.id);
    if (chosen.size === 0) for (const p of all.slice(0, 3)) chosen.add(p.id);
    // Most relevant first: the paragraph asked about, then by match (the offline answer quotes them in this order).
    const paragraphs = [...chosen].map((pid) => all.find((p) => p.id === pid)!);
    const notes = (await deps.notes.mine(actor, articleId)).list
      .filter((n) => chosen.has(n.root) || bestPassages([n], (x) => `${x.text} ${x.comment}`, question, 1).length > 0)
      .slice(0, 8)
      .map((n) => ({ paragraphId: n.root, text: n.text, comment: n.comment }));
    const wordBook = (await deps.words.ofArticle(actor, articleId, 0, 40)).list.map((w) => w.word);
    return { row: readable.row, all, grounding: { title: readable.row.title, paragraphs, selection: selection ?? null, notes, wordBook } };
  }

  function offlineAskAnswer(g: prompts.AskGrounding): string {
    const parts = [`【${OFFLINE}回答】没有配置 AI 服务，以下是文章中与问题最相关的段落原文${g.notes.length ? '和你的笔记' : ''}：`];
    for (const p of g.paragraphs) parts.push(`[${p.id}] “${p.text}”${p.zh ? `\n译文：${p.zh}` : ''}`);
    for (const n of g.notes) parts.push(`你的笔记 [${n.paragraphId}]：「${n.text}」${n.comment ? ` —— ${n.comment}` : ''}`);
    return parts.join('\n\n');
  }

  async function ask(
    actor: UserActor,
    input: { prompt: string; article_id?: number | undefined; pos?: string | undefined; selection?: string | undefined; source: 'ARTICLE' | 'FREE'; stream: boolean },
    signal: AbortSignal,
  ): Promise<AiAsk | Streamed<AiAsk>> {
    if (input.source === 'ARTICLE' && input.article_id === undefined) throw new Invalid('请指定文章（article_id）');
    const found = input.article_id !== undefined ? await grounding(actor, input.article_id, input.prompt, input.pos, input.selection) : null;
    const key = hashKey([
      'ask',
      model ?? OFFLINE,
      input.article_id ?? null,
      found?.row.updated_at ?? null,
      input.pos ?? null,
      input.selection ?? null,
      input.source,
      input.prompt,
    ]);
    const earlier = await repo.askByKey(actor.user.id, key);
    if (earlier) return answerOf(input.stream, earlier.answer, toAsk(earlier, true));

    const store = async (answer: string, tokens: number, offline: boolean) => {
      const known = new Set((found?.all ?? []).map((p) => p.id));
      const id = await repo.insertAsk({
        user_id: actor.user.id,
        article_id: input.article_id ?? null,
        pos: input.pos ?? null,
        selection: input.selection ?? null,
        source: input.source,
        prompt: input.prompt,
        answer,
        citations: JSON.stringify(citationsIn(answer, known)),
        model: offline ? null : model,
        offline: offline ? 1 : 0,
        tokens,
        cache_key: key,
        created_at: now(),
      });
      return toAsk((await repo.askById(id))!);
    };

    if (!provider) {
      const answer = found
        ? offlineAskAnswer(found.grounding)
        : `【${OFFLINE}回答】没有配置 AI 服务，无法回答与文章无关的问题。请在文章里选中句子或段落再提问。`;
      return answerOf(input.stream, answer, await store(answer, 0, true));
    }
    const chat = await startChat(actor, { messages: prompts.askMessages(input.prompt, found?.grounding ?? null), maxTokens: 1200, signal });
    return deliver(actor, chat, input.stream, (answer, usage) => store(answer, usage.totalTokens, false));
  }

  // ---- summary ----

  function offlineSummary(articleId: number, paragraphs: Paragraph[]): AiSummary {
    const sentences = textRank(paragraphs, 3);
    return {
      article_id: articleId,
      text: sentences.map((s) => s.en).join(' '),
      sentences: sentences.map((s) => ({ paragraph_id: s.paragraphId, en: s.en, zh: s.zh })),
      offline: true,
      model: null,
      cached: false,
    };
  }

  async function summary(actor: Actor, articleId: number, stream: boolean, options: { renew?: boolean; signal?: AbortSignal } = {}) {
    const readable = await deps.articles.readable(actor, articleId);
    const paragraphs = visibleParagraphs(readable.row, readable.full).filter((p) => p.kind !== 'figure');
    // A summary of a locked article's whole text would tell a non-member what the preview hides: they get the offline one of the preview.
    if (!provider || actor.kind !== 'user' || (readable.row.is_lock === 1 && !readable.full)) {
      const result = offlineSummary(articleId, paragraphs);
      return answerOf(stream, result.text, result);
    }
    const key = hashKey(['summary', model, articleId, readable.row.updated_at]);
    if (options.renew) await repo.forget(key);
    const cached = await repo.cached(key);
    if (cached) {
      const result = { ...(JSON.parse(cached) as AiSummary), cached: true };
      return answerOf(stream, result.text, result);
    }
    let chat: ChatStream;
    try {
      chat = await startChat(actor, { messages: prompts.summaryMessages(readable.row.title, paragraphs), maxTokens: 600, signal: options.signal });
    } catch (error) {
      // Opening an article asks for its summary: a reader whose allowance is spent still gets the offline one.
      if (!(error instanceof TooMany) || options.renew) throw error;
      const result = offlineSummary(articleId, paragraphs);
      return answerOf(stream, result.text, result);
    }
    return deliver(actor, chat, stream, async (text) => {
      const result: AiSummary = { article_id: articleId, text: text.trim(), sentences: [], offline: false, model, cached: false };
      await repo.keep(key, 'summary', model!, JSON.stringify(result), now());
      return result;
    });
  }

  // ---- words ----

  async function articleExamples(word: string, limit: number) {
    const rows = await repo.mentioning(word, 10);
    const out: { en: string; article_id: number; article_title: string }[] = [];
    for (const row of rows) {
      for (const m of sentencesMentioning(parseParagraphs(row.content), word)) {
        if (out.length >= limit) return out;
        if (m.sentence.length <= 300) out.push({ en: m.sentence, article_id: row.id, article_title: row.title });
      }
    }
    return out;
  }

  /**
   * The word in this sentence from the dictionary's context senses (issue 10): the Chinese meanings
   * of the part of speech the tagger read, the WordNet definition that best fits the sentence, a
   * function word's note, and examples from published articles.
   */
  async function offlineExplanation(word: string, sentence: string | undefined): Promise<string> {
    const entry = await deps.dictionary.lookup(word, sentence, null, { record: false }).catch((e: unknown) => {
      if (e instanceof NotFound) return null;
      throw e;
    });
    if (!entry) return `【${OFFLINE}讲解】词典里没有找到「${word}」。配置 AI 服务后可以得到针对这句话的讲解。`;
    const context = deps.dictionary.senses(word, sentence);
    const fitting = context?.meanings.filter((m) => m.fits) ?? [];
    const sense = fitting[0] ?? context?.meanings[0] ?? entry.meanings[0];
    const lines = [`【${OFFLINE}讲解】${entry.word}${entry.phonetic ? ` /${entry.phonetic}/` : ''}`];
    if (entry.form_of) lines.push(`这里的「${entry.form_of.form}」是 ${entry.word} 的${entry.form_of.label}。`);
    if (context?.functionNote) lines.push(context.functionNote);
    if (sense) lines.push(`在这句话里${sense.pos ? `作 ${sense.pos} 用` : ''}，意思是：${sense.text}`);
    const definition = context?.definitions[0];
    if (definition) lines.push(`英文释义（最贴合这句话的义项）：${definition.text}`);
    const others = (context?.meanings ?? entry.meanings).filter((m) => m.text !== sense?.text).slice(0, 3);
    if (others.length) lines.push(`其他义项：${others.map((m) => `${m.pos ?? ''} ${m.text}`.trim()).join('；')}`);
    const examples = await articleExamples(entry.word, 2);
    if (examples.length) lines.push(`文章中的例句：\n${examples.map((e) => `· ${e.en}（《${e.article_title}》）`).join('\n')}`);
    return lines.join('\n');
  }

  async function wordExplain(actor: UserActor, word: string, sentence: string | undefined, signal: AbortSignal) {
    const base = { word, offline: !provider, model, cached: false };
    if (!provider) {
      const text = await offlineExplanation(word, sentence);
      return Streamed.of(text, { ...base, text });
    }
    const key = hashKey(['word-ai', model, word.toLowerCase(), sentence ?? null]);
    const cached = await repo.cached(key);
    if (cached) return Streamed.of(cached, { ...base, text: cached, cached: true });
    const entry = await deps.dictionary.lookup(word, sentence, null, { record: false }).catch(() => null);
    const meaning = entry ? entry.meanings.map((m) => `${m.pos ?? ''} ${m.text}`.trim()).join('；') : null;
    const chat = await startChat(actor, { messages: prompts.wordExplainMessages(word, sentence ?? null, meaning), maxTokens: 700, signal });
    return deliver(actor, chat, true, async (text) => {
      await repo.keep(key, 'word-ai', model!, text, now());
      return { ...base, text };
    });
  }

  async function wordDict(actor: UserActor, word: string) {
    const lower = word.toLowerCase();
    const examples = (await articleExamples(lower, 3)).map((e) => ({ en: e.en, article_id: e.article_id, article_title: e.article_title }));
    const entry = dict.lemma(lower) ?? dict.lookup(lower);
    if (!provider) {
      if (!entry) throw new NotFound(`词典里没有找到「${word}」`);
      return {
        word: entry.word,
        phonetic: entry.phonetic,
        senses: meaningsOf(entry).map((m) => ({ pos: m.pos, meaning: m.text, example: null })),
        collocations: [],
        examples,
        offline: true,
        model: null,
        cached: false,
      };
    }
    const key = hashKey(['word-dict', model, lower]);
    let cached = true;
    let content = await repo.cached(key);
    if (!content) {
      cached = false;
      const chat = await startChat(actor, { messages: prompts.dictMessages(lower), maxTokens: 900, json: true });
      const { text, usage } = await (async () => {
        let t = '';
        try {
          for await (const c of chat.chunks) t += c;
        } catch (error) {
          throw unavailable(error);
        } finally {
          await count(actor, chat.usage());
        }
        return { text: t, usage: chat.usage() };
      })();
      void usage;
      const parsed = parseJsonObject(text);
      if (!parsed) throw new Unavailable('AI 返回的词典条目无法解析，请稍后再试');
      content = JSON.stringify(parsed);
      await repo.keep(key, 'word-dict', model!, content, now());
    }
    const data = JSON.parse(content) as Record<string, unknown>;
    const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
    const senses = (Array.isArray(data.senses) ? data.senses : [])
      .map((s: Record<string, unknown>) => ({ pos: str(s?.pos), meaning: str(s?.meaning) ?? '', example: str(s?.example) }))
      .filter((s) => s.meaning);
    return {
      word: entry?.word ?? lower,
      phonetic: str(data.phonetic) ?? entry?.phonetic ?? null,
      senses,
      collocations: (Array.isArray(data.collocations) ? data.collocations : []).map(str).filter((c): c is string => c !== null).slice(0, 8),
      examples: [
        ...examples,
        ...(Array.isArray(data.examples) ? data.examples : [])
          .map(str)
          .filter((e): e is string => e !== null)
          .slice(0, 3)
          .map((en) => ({ en, article_id: null, article_title: null })),
      ],
      offline: false,
      model,
      cached,
    };
  }

  /** Collects a short provider answer for a reader (translation, analysis, entity), cached by `key`. */
  async function cachedText(actor: UserActor, key: string, kind: string, request: ChatRequest): Promise<{ text: string; cached: boolean }> {
    const hit = await repo.cached(key);
    if (hit) return { text: hit, cached: true };
    const chat = await startChat(actor, request);
    const text = (await deliver(actor, chat, false, async (t) => t.trim())) as string;
    await repo.keep(key, kind, model!, text, now());
    return { text, cached: false };
  }

  // ---- translation, analysis, entities ----

  /** The stored Chinese of the published paragraph that holds this text, if any. */
  async function storedTranslation(text: string) {
    const needle = text.replace(/\s+/g, ' ').trim();
    // The same sentence may stand in several articles, not all translated: look past the newest few.
    for (const row of await repo.mentioning(needle, 50)) {
      for (const p of parseParagraphs(row.content)) {
        if (p.zh && p.text.includes(needle)) return { articleId: row.id, paragraphId: p.id, zh: p.zh };
      }
    }
    return null;
  }

  async function trans(actor: UserActor, text: string) {
    const stored = await storedTranslation(text);
    if (stored) {
      return {
        text,
        translation: stored.zh,
        from: 'article' as const,
        article_id: stored.articleId,
        paragraph_id: stored.paragraphId,
        offline: !provider,
        model: null,
        cached: true,
      };
    }
    if (!provider) throw new Unavailable('翻译任意文字需要配置 AI 服务；文章里已有译文的句子可以直接翻译');
    const out = await cachedText(actor, hashKey(['trans', model, text]), 'trans', { messages: prompts.transMessages(text), maxTokens: 1500 });
    return { text, translation: out.text, from: 'ai' as const, article_id: null, paragraph_id: null, offline: false, model, cached: out.cached };
  }

  async function analyze(actor: UserActor, text: string) {
    const structure = analyseSentence(text, dict);
    if (!provider) return { text, ...structure, explanation: null, offline: true, model: null, cached: false };
    const out = await cachedText(actor, hashKey(['analyze', model, text]), 'analyze', { messages: prompts.analyzeMessages(text), maxTokens: 1200 });
    return { text, ...structure, explanation: out.text, offline: false, model, cached: out.cached };
  }

  async function entity(actor: UserActor, name: string) {
    const rows = await repo.mentioning(name, 20);
    const mentions = rows
      .flatMap((row) =>
        sentencesMentioning(parseParagraphs(row.content), name).map((m) => ({ article_id: row.id, title: row.title, paragraph_id: m.paragraphId, sentence: m.sentence })),
      )
      .slice(0, 8);
    if (!provider) {
      // ECDICT's Chinese gloss and WordNet's definition, where they have the name.
      const entry = dict.lookup(name) ?? dict.lookup(name.toLowerCase());
      const zh = entry?.translation ? entry.translation.replace(/\\n/g, '；') : null;
      const wordnet = deps.dictionary.senses(name, undefined)?.definitions[0]?.text ?? entry?.definition ?? null;
      const gloss = [zh, wordnet].filter(Boolean).join('\n') || null;
      return { name, description: gloss, mentions, offline: true, model: null, cached: false };
    }
    const out = await cachedText(actor, hashKey(['entity', model, name.toLowerCase()]), 'entity', {
      messages: prompts.entityMessages(
        name,
        mentions.slice(0, 4).map((m) => m.sentence),
      ),
      maxTokens: 500,
    });
    return { name, description: out.text, mentions, offline: false, model, cached: out.cached };
  }

  // ---- retranslation ----

  async function retranslate(
    articleId: number,
    options: { ai: boolean; cache: boolean; editorId: number | null },
    progress: (percent: number, message?: string) => Promise<void>,
  ) {
    const content = await repo.articleContent(articleId);
    if (content === null) throw new NotFound('文章不存在');
    const paragraphs = parseParagraphs(content).filter((p) => p.kind !== 'figure' && p.text.trim());
    const zh = new Map<string, string>();
    let kept = 0;
    let fromCache = 0;
    let translated = 0;
    let missing = 0;
    for (const [i, p] of paragraphs.entries()) {
      if (options.cache && p.zh) {
        kept++;
        continue;
      }
      const key = provider ? hashKey(['trans', model, p.text]) : null;
      const hit = options.cache && key ? await repo.cached(key) : null;
      if (hit) {
        zh.set(p.id, hit);
        fromCache++;
      } else if (options.ai && provider) {
        let text = '';
        try {
          const chat = await provider.chat({ messages: prompts.transMessages(p.text), maxTokens: 1500 });
          for await (const c of chat.chunks) text += c;
        } catch (error) {
          throw unavailable(error);
        }
        text = text.trim();
        await repo.keep(key!, 'trans', model!, text, now());
        zh.set(p.id, text);
        translated++;
      } else {
        missing++;
      }
      await progress(Math.round(((i + 1) / paragraphs.length) * 95), `已处理 ${i + 1}/${paragraphs.length} 段`);
    }
    const detail = `重新翻译：${translated} 段由 AI 翻译，${fromCache} 段来自缓存，${kept} 段保留原译文${missing ? `，${missing} 段没有译文` : ''}`;
    await deps.editorial.setTranslations(articleId, zh, options.editorId === null ? null : { id: options.editorId }, detail);
    await progress(100, detail);
    return { article_id: articleId, translated, from_cache: fromCache, kept, missing, link: `/admin/article/${articleId}` };
  }

  return {
    configured: provider !== null,
    ask,
    async askShow(actor: UserActor, id: number) {
      const row = await repo.askById(id);
      // Another reader's question is as absent as a missing one.
      if (!row || row.user_id !== actor.user.id) throw new NotFound('提问不存在');
      return toAsk(row);
    },
    async history(actor: UserActor, input: { article_id?: number | undefined; offset: number; all: boolean; source?: 'ARTICLE' | 'FREE' | undefined }) {
      // An article the reader may not open is as absent as a missing one, even in their own list.
      if (!input.all && input.article_id !== undefined) await deps.articles.readable(actor, input.article_id);
      const rows = await repo.history(
        actor.user.id,
        { articleId: input.all ? undefined : input.article_id, source: input.source },
        input.offset,
        PAGE + 1,
      );
      return pageOf(
        rows.map((r) => toAsk(r)),
        input.offset,
        PAGE,
      );
    },
    summary,
    wordExplain,
    wordDict,
    trans,
    analyze,
    entity,
    retranslate,
    async questions(actor: UserActor, articleId: number) {
      const readable = await deps.articles.readable(actor, articleId);
      const paragraphs = visibleParagraphs(readable.row, readable.full).filter((p) => p.kind !== 'figure');
      return {
        article_id: articleId,
        article_title: readable.row.title,
        questions: clozeQuestions(paragraphs, dict, 5),
        offline: true,
        model: null,
        cached: false,
      };
    },
    async usage(actor: UserActor) {
      const today = dayKey(clock.now());
      const monthStart = `${today.slice(0, 7)}-01`;
      const limit = dailyLimit(actor);
      return {
        configured: provider !== null,
        model,
        daily_limit: limit,
        today: await repo.usageOn(actor.user.id, today),
        month: await repo.usageBetween(actor.user.id, monthStart, today),
        resets_at: resetsAt(),
        member_level: actor.user.member_level,
        upgrade: satisfies(actor.role, 'manager') ? null : UPGRADE_LINK,
      };
    },
  };
}

/** The first JSON object in a model's answer (some wrap it in a code fence); null when none parses. */
export function parseJsonObject(text: string): Record<string, unknown> | null {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end <= start) return null;
  try {
    const value = JSON.parse(text.slice(start, end + 1)) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export type AiService = ReturnType<typeof aiService>;
