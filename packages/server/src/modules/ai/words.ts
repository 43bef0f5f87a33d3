import { NotFound, Unavailable } from '../../lib/errors.js';
import { Streamed } from '../../lib/streamed.js';
import { parseParagraphs, type ArticlesService } from '../articles/index.js';
import type { DictionaryService, Ecdict } from '../dictionary/index.js';
import { lineItems, meaningsOf } from '../dictionary/index.js';
import { hashKey, OFFLINE, parseJsonObject, type AiCalls } from './calls.js';
import { sentencesMentioning } from './offline.js';
import * as prompts from './prompts.js';
import type { UserActor } from './quota.js';

/** A word in its sentence (streamed explanation) and the learner's dictionary entry of a word. */
export function wordsFeature(
  calls: AiCalls,
  deps: { dict: Ecdict; dictionary: Pick<DictionaryService, 'lookup' | 'senses'>; articles: Pick<ArticlesService, 'mentioning'> },
) {
  const { repo, model, provider } = calls;
  const { dict } = deps;

  async function articleExamples(actor: UserActor, word: string, limit: number) {
    const rows = await deps.articles.mentioning(actor, word, 10);
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
  async function offlineExplanation(actor: UserActor, word: string, sentence: string | undefined): Promise<string> {
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
    const examples = await articleExamples(actor, entry.word, 2);
    if (examples.length) lines.push(`文章中的例句：\n${examples.map((e) => `· ${e.en}（《${e.article_title}》）`).join('\n')}`);
    return lines.join('\n');
  }

  async function wordExplain(actor: UserActor, word: string, sentence: string | undefined, signal: AbortSignal) {
    const base = { word, offline: !provider, model, cached: false };
    if (!provider) {
      const text = await offlineExplanation(actor, word, sentence);
      return Streamed.of(text, { ...base, text });
    }
    const key = hashKey(['word-ai', model, word.toLowerCase(), sentence ?? null]);
    const cached = await repo.cached(key);
    if (cached) return Streamed.of(cached, { ...base, text: cached, cached: true });
    const entry = await deps.dictionary.lookup(word, sentence, null, { record: false }).catch(() => null);
    const meaning = entry ? entry.meanings.map((m) => `${m.pos ?? ''} ${m.text}`.trim()).join('；') : null;
    return calls.stream(actor, {
      key,
      request: { messages: prompts.wordExplainMessages(word, sentence ?? null, meaning), maxTokens: 700 },
      finish: async (text) => {
        await repo.keep(key, 'word-ai', model!, text, calls.now());
        return { ...base, text };
      },
      joined: (result) => ({ ...result, cached: true }),
      signal,
    });
  }

  async function wordDict(actor: UserActor, word: string) {
    const lower = word.toLowerCase();
    const examples = (await articleExamples(actor, lower, 3)).map((e) => ({
      en: e.en,
      article_id: e.article_id,
      article_title: e.article_title,
    }));
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
      const made = await calls.collect(actor, {
        key,
        request: { messages: prompts.dictMessages(lower), maxTokens: 900, json: true },
        finish: async (text) => {
          const parsed = parseJsonObject(text);
          if (!parsed) throw new Unavailable('AI 返回的词典条目无法解析，请稍后再试');
          const json = JSON.stringify(parsed);
          await repo.keep(key, 'word-dict', model!, json, calls.now());
          return { json, cached: false };
        },
        joined: (made) => ({ ...made, cached: true }),
      });
      content = made.json;
      cached = made.cached;
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
      collocations: (Array.isArray(data.collocations) ? data.collocations : [])
        .map(str)
        .filter((c): c is string => c !== null)
        .slice(0, 8),
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

  /**
   * The provider's choice among the meanings the sheet lists first for this tap (issue 26 §7): asked
   * only when the sentence did not settle it (`sense_sure` false), one short call kept per word,
   * sentence and model. Never an answer of its own: a meaning the model names outside the list is
   * no answer (null).
   */
  async function wordSense(actor: UserActor, word: string, sentence: string) {
    if (!provider) throw new Unavailable('判断词义需要配置 AI 服务');
    const entry = await deps.dictionary.lookup(word, sentence, null, { record: false });
    const options = entry.meanings
      .filter((m) => m.fits)
      .flatMap((m) => lineItems(m.text).map((item) => ({ pos: m.pos, text: item })))
      .slice(0, 12);
    const base = { word: entry.word, model };
    if (options.length < 2) return { ...base, meaning: options[0] ?? null, cached: true };
    const out = await calls.cachedText(actor, hashKey(['word-sense', model, entry.word, sentence]), 'word-sense', {
      messages: prompts.wordSenseMessages(
        word,
        sentence,
        options.map((o) => `${o.pos ?? ''} ${o.text}`.trim()),
      ),
      maxTokens: 8,
    });
    const n = Number(out.text.match(/\d+/)?.[0] ?? 0);
    return { ...base, meaning: options[n - 1] ?? null, cached: out.cached };
  }

  return { wordExplain, wordDict, wordSense };
}
