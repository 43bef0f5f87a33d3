import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { Unavailable } from '../../lib/errors.js';
import { retranslateArticleKind, type Enqueue } from '../../jobs/kinds.js';
import type { AiProvider } from '../../providers/ai/index.js';
import type { ArticlesService, EditorialService } from '../articles/index.js';
import type { DictionaryService, Ecdict } from '../dictionary/index.js';
import type { NotesService } from '../notes/index.js';
import type { WordsService } from '../words/index.js';
import { askFeature } from './ask.js';
import { aiCalls } from './calls.js';
import { questionsFeature } from './questions.js';
import type { UserActor } from './quota.js';
import { retranslateFeature } from './retranslate.js';
import { summaryFeature } from './summary.js';
import { textHelpFeature } from './text-help.js';
import { wordsFeature } from './words.js';

export interface AiServiceDeps {
  db: Db;
  clock: Clock;
  /** Null: no provider configured; every call answers offline (or 503 where nothing offline exists). */
  provider: AiProvider | null;
  quota: { user: number; memberPerLevel: number };
  dict: Ecdict;
  articles: Pick<ArticlesService, 'readable' | 'assertOpenable' | 'mentioning' | 'storedContent'>;
  dictionary: Pick<DictionaryService, 'lookup' | 'senses'>;
  notes: Pick<NotesService, 'mine'>;
  words: Pick<WordsService, 'ofArticle'>;
  editorial: Pick<EditorialService, 'setTranslations'>;
  /** Starting an article's re-translation. */
  jobs: Enqueue;
}

/**
 * The AI module's service: each feature in its own file, all sharing one set of provider calls
 * (quota, usage, single-flight) from calls.ts.
 */
export function aiService(deps: AiServiceDeps) {
  const calls = aiCalls(deps);
  return {
    configured: calls.provider !== null,
    ...askFeature(calls, deps),
    summary: summaryFeature(calls, deps),
    ...wordsFeature(calls, deps),
    ...textHelpFeature(calls, deps),
    questions: questionsFeature(calls, deps),
    retranslate: retranslateFeature(calls, deps),
    /** Queues re-translating an article the caller may read (the worker runs `retranslate`). */
    async queueRetranslate(actor: UserActor, input: { id: number; ai: boolean; cache: boolean }) {
      await deps.articles.assertOpenable(actor, input.id);
      if (input.ai && calls.provider === null) throw new Unavailable('没有配置 AI 服务，无法用 AI 翻译；可以先用缓存的译文（ai=false）');
      const payload = { article_id: input.id, ai: input.ai, cache: input.cache, user_id: actor.user.id };
      const task = await deps.jobs.enqueue(retranslateArticleKind, payload, { createdBy: actor.user.id });
      return { task_id: task.id };
    },
    usage: (actor: UserActor) => calls.quota.usage(actor, calls.provider !== null),
    /** Provider calls in flight (tests check that identical requests shared one). */
    inFlight: calls.inFlight,
  };
}

export type AiService = ReturnType<typeof aiService>;
