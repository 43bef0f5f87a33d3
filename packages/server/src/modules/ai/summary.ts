import type { AiSummary, Paragraph } from '@changdu/contract';
import { LRUCache } from 'lru-cache';
import type { Actor } from '../../lib/actor.js';
import { TooMany } from '../../lib/errors.js';
import type { Streamed } from '../../lib/streamed.js';
import type { ArticlesService } from '../articles/index.js';
import { visibleParagraphs } from '../articles/index.js';
import { translationOfSelection } from './align.js';
import { answerOf, hashKey, type AiCalls } from './calls.js';
import { textRank } from './offline.js';
import * as prompts from './prompts.js';

function offlineSummary(articleId: number, paragraphs: Paragraph[]): AiSummary {
  const sentences = textRank(paragraphs, 3);
  return {
    article_id: articleId,
    text: sentences.map((s) => s.en).join(' '),
    sentences: sentences.map((s) => {
      // The key sentence's own Chinese, aligned in its paragraph's translation, not the whole paragraph's.
      const p = paragraphs.find((x) => x.id === s.paragraphId);
      const aligned = p ? translationOfSelection(p, s.en) : null;
      return { paragraph_id: s.paragraphId, en: s.en, zh: aligned?.zh ?? null, zh_scope: aligned?.scope ?? null };
    }),
    offline: true,
    model: null,
    cached: false,
  };
}

/** An article's summary: the model's, cached per article version and model, or the offline extractive one. */
export function summaryFeature(calls: AiCalls, deps: { articles: Pick<ArticlesService, 'readable'> }) {
  const { repo, model } = calls;
  // The offline summary is the same for every reader of a version (or of its preview), and a
  // long article's costs tens of milliseconds of the event loop: it is made once per version
  // (the row's version, which every write of the article raises).
  const offlineKept = new LRUCache<string, AiSummary>({ max: 500 });

  return async function summary(
    actor: Actor,
    articleId: number,
    stream: boolean,
    options: { renew?: boolean; signal?: AbortSignal } = {},
  ): Promise<AiSummary | Streamed<AiSummary>> {
    const readable = await deps.articles.readable(actor, articleId);
    const paragraphs = visibleParagraphs(readable.row, readable.full).filter((p) => p.kind !== 'figure');
    const offline = () => {
      const kept = `${articleId}:${readable.row.version}:${readable.full}`;
      let result = offlineKept.get(kept);
      if (!result) offlineKept.set(kept, (result = offlineSummary(articleId, paragraphs)));
      return answerOf(stream, result.text, result);
    };
    // A summary of a locked article's whole text would tell a non-member what the preview hides: they get the offline one of the preview.
    if (!calls.provider || actor.kind !== 'user' || !readable.full) return offline();
    const key = hashKey(['summary', model, articleId, readable.row.updated_at]);
    if (options.renew) await repo.forget(key);
    const cached = await repo.cached(key);
    if (cached) {
      const result = { ...(JSON.parse(cached) as AiSummary), cached: true };
      return answerOf(stream, result.text, result);
    }
    try {
      return await calls.deliver(actor, stream, {
        key,
        request: { messages: prompts.summaryMessages(readable.row.title, paragraphs), maxTokens: 600 },
        finish: async (text) => {
          const result: AiSummary = { article_id: articleId, text: text.trim(), sentences: [], offline: false, model, cached: false };
          await repo.keep(key, 'summary', model!, JSON.stringify(result), calls.now());
          return result;
        },
        joined: (result) => ({ ...result, cached: true }),
        signal: options.signal,
      });
    } catch (error) {
      // Opening an article asks for its summary: a reader whose allowance is spent still gets the offline one.
      if (!(error instanceof TooMany) || options.renew) throw error;
      return offline();
    }
  };
}
