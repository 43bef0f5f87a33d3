import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
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
  articles: Pick<ArticlesService, 'readable'>;
  dictionary: Pick<DictionaryService, 'lookup' | 'senses'>;
  notes: Pick<NotesService, 'mine'>;
  words: Pick<WordsService, 'ofArticle'>;
  editorial: Pick<EditorialService, 'setTranslations'>;
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
    usage: (actor: UserActor) => calls.quota.usage(actor, calls.provider !== null),
    /** Provider calls in flight (tests check that identical requests shared one). */
    inFlight: calls.inFlight,
  };
}

export type AiService = ReturnType<typeof aiService>;
