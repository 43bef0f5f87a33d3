// The article-media module's shared types: the service and its parts (audio, versions) all read
// these, so no part imports the service back.
import type { Selectable } from 'kysely';
import type { TasksTable } from '../../db/schema.js';
import type { Enqueue, JobKind, PayloadOf } from '../../jobs/kinds.js';
import type { RateLimiter } from '../../http/rate-limit.js';
import type { Clock } from '../../lib/clock.js';
import type { SignedTokens } from '../../lib/signed-token.js';
import type { PdfRenderer } from '../../providers/pdf/index.js';
import type { Storage } from '../../providers/storage/storage.js';
import type { TtsProvider } from '../../providers/tts/index.js';
import type { ArticlesService, KeyWordsService } from '../articles/index.js';
import type { ImagesService } from '../media/index.js';
import type { NotesService } from '../notes/index.js';
import type { UsersService } from '../users/index.js';
import type { WordsService } from '../words/index.js';

export type ArticleRow = Awaited<ReturnType<ArticlesService['readable']>>['row'];

export type TaskRow = Selectable<TasksTable>;

export interface TaskLookup {
  find(id: number): Promise<TaskRow | undefined>;
  /** The queued or running task holding the key of `payload` (one whose worker is alive), without enqueueing. */
  unfinished<K extends JobKind>(kind: K, payload: PayloadOf<K>): Promise<TaskRow | undefined>;
}

export interface ArticleMediaDeps {
  clock: Clock;
  storage: Storage;
  articles: Pick<ArticlesService, 'readable'>;
  keyWords: Pick<KeyWordsService, 'list'>;
  notes: Pick<NotesService, 'mine'>;
  words: Pick<WordsService, 'ofArticle'>;
  users: Pick<UsersService, 'byId'>;
  images: Pick<ImagesService, 'render'>;
  jobs: Enqueue & TaskLookup;
  /** Counts new audio builds per reader; null when rate limits are off. */
  limiter: Pick<RateLimiter, 'hit'> | null;
  signed: SignedTokens;
  tts: TtsProvider;
  pdf: PdfRenderer;
  /** The CJK font file for posters. */
  posterFont: string;
  /** Where links inside generated files (QR codes, PDF footers) point when no request is at hand. */
  publicOrigin: () => string;
}
