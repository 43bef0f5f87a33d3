import { TooMany, Unavailable } from '../../lib/errors.js';
import { parseParagraphs, type ArticlesService } from '../articles/index.js';
import type { DictionaryService, Ecdict } from '../dictionary/index.js';
import { translationOfSelection } from './align.js';
import { keepQuotedIn } from './main-clause.js';
import { hashKey, type AiCalls } from './calls.js';
import { analyseSentence, sentencesMentioning } from './offline.js';
import * as prompts from './prompts.js';
import type { UserActor } from './quota.js';

/** Sentences an entity look-up quotes. */
const ENTITY_MENTIONS = 8;

/** The cache key of a translation by the model (shared by readers' translations and the retranslation job). */
export const transKey = (model: string | null, text: string) => hashKey(['trans', model, text]);

/** Translation of any text, sentence analysis and entities. */
export function textHelpFeature(
  calls: AiCalls,
  deps: { dict: Ecdict; dictionary: Pick<DictionaryService, 'senses'>; articles: Pick<ArticlesService, 'mentioning'> },
) {
  const { model, provider } = calls;
  const { dict } = deps;

  /**
   * The stored Chinese of a published paragraph the reader may quote that holds this text, if any:
   * the aligned translation of the sentence(s) the text stands in, or the paragraph's when the alignment is unsure.
   */
  async function storedTranslation(actor: UserActor, text: string) {
    const needle = text.replace(/\s+/g, ' ').trim();
    // The same sentence may stand in several articles, not all translated: look past the newest few.
    for (const row of await deps.articles.mentioning(actor, needle, 50, { partialEdges: true })) {
      for (const p of parseParagraphs(row.content)) {
        const found = translationOfSelection(p, needle);
        if (found) return { articleId: row.id, paragraphId: p.id, ...found };
      }
    }
    return null;
  }

  const fromArticle = (text: string, stored: NonNullable<Awaited<ReturnType<typeof storedTranslation>>>) => ({
    text,
    translation: stored.zh,
    from: 'article' as const,
    scope: stored.scope,
    source: stored.en,
    article_id: stored.articleId,
    paragraph_id: stored.paragraphId,
    offline: !provider,
    model: null,
    cached: true,
  });

  async function trans(actor: UserActor, text: string) {
    const stored = await storedTranslation(actor, text);
    if (!provider) {
      if (stored) return fromArticle(text, stored);
      throw new Unavailable('翻译任意文字需要配置 AI 服务；文章里已有译文的句子可以直接翻译');
    }
    // With a model, the selection itself is translated (a sentence's own words, not its paragraph's);
    // the stored translation stays the answer when the model cannot be used today.
    let out;
    try {
      out = await calls.cachedText(actor, transKey(model, text), 'trans', { messages: prompts.transMessages(text), maxTokens: 1500 });
    } catch (error) {
      if (stored && (error instanceof TooMany || error instanceof Unavailable)) return fromArticle(text, stored);
      throw error;
    }
    return {
      text,
      translation: out.text,
      from: 'ai' as const,
      scope: 'selection' as const,
      source: text,
      article_id: null,
      paragraph_id: null,
      offline: false,
      model,
      cached: out.cached,
    };
  }

  async function analyze(actor: UserActor, text: string) {
    const structure = analyseSentence(text, dict);
    if (!provider) return { text, ...structure, explanation: null, offline: true, model: null, cached: false };
    const out = await calls.cachedText(actor, hashKey(['analyze', model, text]), 'analyze', {
      messages: prompts.analyzeMessages(text),
      maxTokens: 1200,
    });
    // What the model quotes must be in the sentence: a line naming words it does not hold is dropped.
    return { text, ...structure, explanation: keepQuotedIn(out.text, text) || null, offline: false, model, cached: out.cached };
  }

  async function entity(actor: UserActor, name: string) {
    const mentions: { article_id: number; title: string; paragraph_id: string; sentence: string }[] = [];
    // Newest articles first. Each one found holds the name in its body, nearly always as a word
    // of a sentence, so a few more articles than sentences shown are enough (it asked for 20,
    // and read bodies never shown: the AI look-up's cost on a large library, docs/performance.md
    // § Growth); the margin covers bodies holding it only inside a longer word ("Yorkshire").
    for (const row of await deps.articles.mentioning(actor, name, ENTITY_MENTIONS + 4)) {
      if (mentions.length >= ENTITY_MENTIONS) break;
      for (const m of sentencesMentioning(parseParagraphs(row.content), name).slice(0, ENTITY_MENTIONS - mentions.length)) {
        mentions.push({ article_id: row.id, title: row.title, paragraph_id: m.paragraphId, sentence: m.sentence });
      }
    }
    if (!provider) {
      // ECDICT's Chinese lines on one line (a specialist's line, "[经] 委员会", left out) and
      // WordNet's definition, where they have the name.
      const entry = dict.lookup(name) ?? dict.lookup(name.toLowerCase());
      const senses = deps.dictionary.senses(name, undefined);
      const general = (senses?.meanings ?? []).filter((m) => !m.text.startsWith('['));
      const zh = general.map((m) => (m.pos ? `${m.pos} ${m.text}` : m.text)).join('；') || null;
      const wordnet = senses?.definitions[0]?.text ?? entry?.definition ?? null;
      const gloss = [zh, wordnet].filter(Boolean).join('\n') || null;
      return { name, description: gloss, mentions, offline: true, model: null, cached: false };
    }
    const out = await calls.cachedText(actor, hashKey(['entity', model, name.toLowerCase()]), 'entity', {
      messages: prompts.entityMessages(
        name,
        mentions.slice(0, 4).map((m) => m.sentence),
      ),
      maxTokens: 500,
    });
    return { name, description: out.text, mentions, offline: false, model, cached: out.cached };
  }

  return { trans, analyze, entity };
}
