import { articleEndpoints } from './articles.endpoints.js';
import { authEndpoints } from './auth.endpoints.js';
import { logEndpoints } from './logs.endpoints.js';
import { historyEndpoints } from './history.endpoints.js';
import { mediaEndpoints } from './media.endpoints.js';
import { readerEndpoints } from './reader.endpoints.js';
import { wordsEndpoints } from './words.endpoints.js';
import { rssEndpoints } from './rss.endpoints.js';
import { systemEndpoints } from './system.endpoints.js';
import { taskEndpoints } from './tasks.endpoints.js';
import { userEndpoints } from './users.endpoints.js';
import { membershipEndpoints } from './membership.endpoints.js';
import { collectionEndpoints, creatorEndpoints } from './collections.endpoints.js';
import { magazineEndpoints } from './magazines.endpoints.js';
import { booksEndpoints } from './books.endpoints.js';
import { aiEndpoints } from './ai.endpoints.js';
import { appinfoEndpoints } from './appinfo.endpoints.js';
import { articleMediaEndpoints } from './article-media.endpoints.js';
import { learnerEndpoints } from './learner.endpoints.js';
import { offlineEndpoints } from './offline.endpoints.js';

/** The endpoint table: every call the server serves, keyed by a stable name. */
export const endpoints = {
  ...systemEndpoints,
  ...authEndpoints,
  ...userEndpoints,
  ...logEndpoints,
  ...articleEndpoints,
  ...rssEndpoints,
  ...taskEndpoints,
  ...mediaEndpoints,
  ...readerEndpoints,
  ...historyEndpoints,
  ...wordsEndpoints,
  ...membershipEndpoints,
  ...collectionEndpoints,
  ...creatorEndpoints,
  ...magazineEndpoints,
  ...booksEndpoints,
  ...aiEndpoints,
  ...appinfoEndpoints,
  ...articleMediaEndpoints,
  ...learnerEndpoints,
  ...offlineEndpoints,
} as const;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
