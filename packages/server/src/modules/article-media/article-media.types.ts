// The article-media module's shared types: the service and its parts (audio, versions) all read
// these, so no part imports the service back.
import type { Selectable } from 'kysely';
import type { TasksTable } from '../../db/schema.js';
import type { Enqueue } from '../../jobs/kinds.js';
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

export interface TaskLookup {
  find(id: number): Promise<Selectable<TasksTable> | undefined>;
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
  signed: SignedTokens;
  tts: TtsProvider;
  pdf: PdfRenderer;
  /** The CJK font file for posters. */
  posterFont: string;
  /** Where links inside generated files (QR codes, PDF footers) point when no request is at hand. */
  publicOrigin: () => string;
}
