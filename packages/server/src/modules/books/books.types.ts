// The books module's shared types: the service and its parts (import, notes, share) all read
// these, so none of the parts imports the service back.
import type { Db } from '../../db/client.js';
import type { Enqueue } from '../../jobs/kinds.js';
import type { Actor } from '../../lib/actor.js';
import type { Clock } from '../../lib/clock.js';
import type { Fetcher } from '../../providers/fetch/fetcher.js';
import type { Storage } from '../../providers/storage/index.js';
import type { ArticleMediaService } from '../article-media/index.js';
import type { Ecdict } from '../dictionary/index.js';
import type { HistoryService } from '../history/index.js';
import type { UsersService } from '../users/index.js';
import type { WordsService } from '../words/index.js';
import type { BookRow } from './books.repo.js';
import type { UploadsService } from './uploads.service.js';

/** Stores a book's images (normalised to WebP under `images/`); `remove` undoes a failed import. */
export interface BookImages {
  store(name: string, data: Buffer): Promise<string>;
  remove(name: string): Promise<void>;
}

export interface BooksDeps {
  db: Db;
  clock: Clock;
  storage: Storage;
  fetcher: Fetcher;
  dict: Ecdict;
  images: BookImages;
  history: Pick<HistoryService, 'issueBook' | 'reportBook'>;
  users: Pick<UsersService, 'allIds' | 'namesOf'>;
  words: Pick<WordsService, 'inParagraphs'>;
  /** The one card renderer (article media), for the share image; reached only when an image is asked for. */
  cards: Pick<ArticleMediaService, 'renderMarkdown'>;
  /** An import takes the reader's own upload (no longer pending) and lets go of it (file and row) once done with it. */
  uploads: Pick<UploadsService, 'hold' | 'release'>;
  /** Starting a reader's import. */
  jobs: Enqueue;
}

/** Who may open a book: published ones anyone; private ones their uploader, readers with it on their shelf, managers. */
export type Readable = (actor: Actor, bookId: number) => Promise<BookRow>;
