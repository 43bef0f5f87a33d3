import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], { error: '只能是 true 或 false' })
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.url().optional());
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

/** Every environment variable the server reads. `.env.example` documents the same list. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, '必须以 postgres:// 开头')
      .optional(),
  ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PUBLIC_URL: optionalUrl,
  // Hosts whose Host header may appear in absolute links when PUBLIC_URL is not set ("host" or "host:port").
  ALLOWED_HOSTS: optional(
    z
      .string()
      .transform((v) =>
        v
          .split(',')
          .map((h) => h.trim().toLowerCase())
          .filter(Boolean),
      )
      .pipe(z.array(z.string().regex(/^([a-z0-9.-]+|\[[0-9a-f:.]+\])(:\d{1,5})?$/, '形如 example.com 或 example.com:8080，用逗号分隔'))),
  ),
  TRUST_PROXY: bool.default(false),
  WEB_DIST: z.string().optional(),
  ADMIN_PHONE: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^1[3-9]\d{9}$/, '必须是 11 位手机号')
      .optional(),
  ),
  ADMIN_PASSWORD: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(8, '至少 8 位').optional()),
  SEED_DEMO: bool.default(true),
  TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  // log2 of scrypt's N for new password hashes. The default is OWASP's recommendation (N=2^17,
  // 128 MiB and ~0.4 s a hash); test suites set a cheaper cost here, explicitly, to stay fast.
  PASSWORD_HASH_COST: z.coerce.number().int().min(10).max(20).default(17),
  SMS_PROVIDER: z.enum(['console', 'webhook']).default('console'),
  SMS_WEBHOOK_URL: optionalUrl,
  REGISTER_SMS: z.enum(['auto', 'always', 'never']).default('auto'),
  RATE_LIMIT: bool.default(true),
  ANALYTICS_SCRIPT_URL: optionalUrl,
  FETCH_ALLOW_PRIVATE: z.string().default(''),
  REDIS_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^rediss?:\/\//, '必须以 redis:// 或 rediss:// 开头')
      .optional(),
  ),
  // Prefixes Redis channels and rate-limit keys (and PostgreSQL LISTEN channels): deployments sharing one Redis each set their own.
  REDIS_NAMESPACE: z
    .string()
    .regex(/^[a-z][a-z0-9_]{0,23}$/, '以小写字母开头，只能含小写字母、数字和 _，最多 24 个字符')
    .default('changdu'),
  // SQLite's durability (docs/decisions.md "SQLite commits"): NORMAL survives a killed process, FULL a power loss too.
  SQLITE_SYNCHRONOUS: z.enum(['NORMAL', 'FULL']).default('NORMAL'),
  // PostgreSQL pool: connections per process, the longest a statement may run, how long an idle connection is kept.
  DB_POOL_SIZE: z.coerce.number().int().min(2).max(200).default(20),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  DB_IDLE_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  // Task leases (docs/operations.md): a running task's lease, and how long a stopping worker lets its task finish.
  TASK_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  TASK_STOP_GRACE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  // How often the looked-up words each API process gathers are written (docs/decisions.md "Looked-up words").
  LOOKUP_FLUSH_SECONDS: z.coerce.number().min(0.1).max(3600).default(2),
  // How long a process keeps the newest list, topic pages and search answers (docs/articles.md § Statuses); 0 keeps none.
  LIST_KEEP_SECONDS: z.coerce.number().min(0).max(60).default(5),
  APP_SECRET: optional(z.string().min(16, '至少 16 个字符')),
  // Lets a scraper off this machine read GET /metrics with `Authorization: Bearer <token>` (docs/operations.md § Metrics).
  METRICS_TOKEN: optional(
    z
      .string()
      .min(16, '至少 16 个字符')
      .regex(/^[\x21-\x7e]+$/, '只能含可见的 ASCII 字符，不能有空格'),
  ),
  FEED_CRAWL_HOURS: z.coerce
    .number()
    .min(0.25)
    .max(24 * 30)
    .default(6),
  // Bytes one reader may have uploaded and not yet imported (docs/books.md § Pending uploads).
  UPLOAD_PENDING_MAX_MB: z.coerce.number().int().min(1).max(100_000).default(500),
  S3_ENDPOINT: optional(z.url({ protocol: /^https?$/, error: '必须是 http:// 或 https:// 开头的地址' })),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]+$/, '形如 us-east-1')
    .default('us-east-1'),
  S3_BUCKET: optional(z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, '只能含字母、数字、点、下划线和连字符')),
  S3_ACCESS_KEY_ID: optional(z.string()),
  S3_SECRET_ACCESS_KEY: optional(z.string()),
  S3_FORCE_PATH_STYLE: optional(bool),
  // A folder in the bucket; keys below it follow the storage's own safe-key rule.
  S3_PREFIX: optional(
    z
      .string()
      .regex(/^[A-Za-z0-9][A-Za-z0-9/_.-]*$/, '只能含字母、数字、/、_、. 和 -,且不以 / 开头')
      .refine((v) => !v.includes('..') && !v.includes('//'), '不能含 .. 或 //')
      .transform((v) => (v.endsWith('/') ? v : `${v}/`)),
  ),
  // Payment (docs/membership.md): the manual provider is always there; WeChat Pay and Alipay are on when configured.
  WECHAT_PAY_MCHID: optional(z.string()),
  WECHAT_PAY_APPID: optional(z.string()),
  WECHAT_PAY_SERIAL: optional(z.string()),
  WECHAT_PAY_PRIVATE_KEY: optional(z.string()),
  WECHAT_PAY_PLATFORM_PUBLIC_KEY: optional(z.string()),
  WECHAT_PAY_API_V3_KEY: optional(z.string().refine((v) => Buffer.byteLength(v) === 32, '必须是 32 个字节')),
  WECHAT_PAY_BASE_URL: z.url().default('https://api.mch.weixin.qq.com'),
  ALIPAY_APP_ID: optional(z.string()),
  ALIPAY_PRIVATE_KEY: optional(z.string()),
  ALIPAY_PUBLIC_KEY: optional(z.string()),
  ALIPAY_GATEWAY: z.url().default('https://openapi.alipay.com/gateway.do'),
  // Invitation codes at registration: off, optional (accepted) or required.
  INVITE_CODE: z.enum(['off', 'optional', 'required']).default('optional'),
  // AI: any OpenAI-compatible Chat Completions server (docs/ai.md). Unset AI_BASE_URL: the offline answers.
  AI_BASE_URL: optional(z.url({ protocol: /^https?$/, error: '必须是 http:// 或 https:// 开头的地址' })),
  AI_API_KEY: optional(z.string()),
  AI_MODEL: optional(z.string().min(1)),
  AI_PROVIDER: z.enum(['openai', 'deepseek', 'qwen', 'ollama', 'vllm', 'generic']).default('openai'),
  AI_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  AI_IDLE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(60_000),
  // Daily tokens: a logged-in reader, and a member per membership level (level 2 gets twice level 1's).
  AI_QUOTA_USER: z.coerce.number().int().min(0).default(20_000),
  AI_QUOTA_MEMBER: z.coerce.number().int().min(0).default(200_000),
  // WeChat official account and WeCom (企业微信) JS-SDK; off unless both halves are set.
  WX_APP_ID: optional(z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, '只能含字母、数字、_ 和 -')),
  WX_APP_SECRET: optional(z.string().min(1)),
  WX_API_BASE: z.url({ protocol: /^https?$/, error: '必须是 http:// 或 https:// 开头的地址' }).default('https://api.weixin.qq.com'),
  QYWX_CORP_ID: optional(z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, '只能含字母、数字、_ 和 -')),
  QYWX_CORP_SECRET: optional(z.string().min(1)),
  QYWX_API_BASE: z.url({ protocol: /^https?$/, error: '必须是 http:// 或 https:// 开头的地址' }).default('https://qyapi.weixin.qq.com'),
  // Article audio (espeak-ng + lame) and PDF (Chromium).
  TTS_VOICE: z
    .string()
    .regex(/^[A-Za-z0-9+_-]{1,40}$/, '形如 en-us 或 en-gb+f3')
    .default('en-us'),
  TTS_SPEED: z.coerce.number().int().min(80).max(400).default(160),
  CHROMIUM_PATH: z.string().min(1).default('/usr/bin/chromium'),
  // A TTF/OTF/WOFF font with CJK glyphs for posters (satori cannot read TTC or WOFF2).
  POSTER_FONT: z.string().min(1).default('/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf'),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  readonly env: Env['NODE_ENV'];
  readonly http: {
    readonly port: number;
    readonly host: string;
    readonly trustProxy: boolean;
    readonly publicUrl: string | null;
    /** Hosts a request's Host may name for absolute links (PUBLIC_URL wins when set); the first is the fallback. */
    readonly allowedHosts: readonly string[];
  };
  readonly logLevel: Env['LOG_LEVEL'];
  readonly dataDir: string;
  readonly database:
    | { readonly kind: 'sqlite'; readonly file: string; readonly synchronous?: 'NORMAL' | 'FULL' }
    | {
        readonly kind: 'postgres';
        readonly url: string;
        /** The pool (db/client.ts PoolSettings): connections per process, statement and idle timeouts (0: none). */
        readonly poolSize: number;
        readonly statementTimeoutMs: number;
        readonly idleTimeoutMs: number;
      };
  /** Leases of running tasks, and the grace a stopping worker gives the task in hand. */
  readonly tasks: { readonly leaseMs: number; readonly graceMs: number };
  /** Prefixes cross-process event channels and rate-limit keys. */
  readonly redisNamespace: string;
  /** How often the looked-up words a process gathers are written to the database. */
  readonly lookupFlushMs: number;
  /** How long the published articles' lists and search answers are kept (0: not kept). */
  readonly listKeepMs: number;
  readonly webDist: string | null;
  readonly admin: { readonly phone: string | null; readonly password: string | null };
  readonly seedDemo: boolean;
  readonly auth: {
    readonly tokenTtlDays: number;
    readonly registerSms: Env['REGISTER_SMS'];
    /** log2 of scrypt's N for new password hashes; older hashes are replaced at their next login. */
    readonly passwordHashCost: number;
  };
  readonly sms: { readonly provider: Env['SMS_PROVIDER']; readonly webhookUrl: string | null };
  readonly rateLimit: boolean;
  readonly analyticsScriptUrl: string | null;
  /** Internal addresses outbound fetches may reach: '' none, '1' all, or `host:port,…`. */
  readonly fetchAllowPrivate: string;
  readonly feedCrawlHours: number;
  /** Uploads not yet imported: the most bytes one reader may have pending. */
  readonly uploads: { readonly pendingMaxBytes: number };
  /** Signs short-lived permissions (uploads, audio links, trial links); null: one kept in DATA_DIR (see appSecret). */
  readonly appSecret: string | null;
  /** GET /metrics: loopback callers always; others with this bearer token when it is set. */
  readonly metrics: { readonly token: string | null };
  /** Redis for state several processes share (rate-limit counters, cross-process events); null: in process. */
  readonly redisUrl: string | null;
  /** Stored files (covers, books, audio, PDFs, posters): a folder, or an S3-compatible bucket every process shares. */
  readonly pay: {
    readonly wechat: {
      readonly mchid: string;
      readonly appid: string;
      readonly serial: string;
      readonly privateKey: string;
      readonly platformPublicKey: string;
      readonly apiV3Key: string;
      readonly baseUrl: string;
    } | null;
    readonly alipay: {
      readonly appId: string;
      readonly privateKey: string;
      readonly alipayPublicKey: string;
      readonly gateway: string;
    } | null;
  };
  readonly inviteCode: Env['INVITE_CODE'];
  readonly storage:
    | { readonly kind: 'local'; readonly dir: string }
    | {
        readonly kind: 's3';
        readonly bucket: string;
        readonly region: string;
        readonly endpoint: string | null;
        readonly accessKeyId: string;
        readonly secretAccessKey: string;
        readonly forcePathStyle: boolean;
        readonly prefix: string;
      };
  /** The AI provider; null: none configured, AI calls answer offline. */
  readonly ai: {
    readonly baseUrl: string;
    readonly apiKey: string | null;
    readonly model: string;
    readonly profile: Env['AI_PROVIDER'];
    readonly connectTimeoutMs: number;
    readonly idleTimeoutMs: number;
  } | null;
  /** Daily AI tokens by role (anonymous readers have none; managers are not limited). */
  readonly aiQuota: { readonly user: number; readonly memberPerLevel: number };
  /** JS-SDK credentials; a side is null (its calls answer 503) unless both its id and secret are set. */
  readonly wechat: {
    readonly wx: { readonly appId: string; readonly secret: string; readonly apiBase: string } | null;
    readonly qywx: { readonly appId: string; readonly secret: string; readonly apiBase: string } | null;
  };
  readonly media: { readonly ttsVoice: string; readonly ttsSpeed: number; readonly chromiumPath: string; readonly posterFont: string };
}

export class ConfigError extends Error {}

/** Parses the environment once; a bad value throws a ConfigError naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`配置有误 (invalid configuration):\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.SMS_PROVIDER === 'webhook' && !e.SMS_WEBHOOK_URL) {
    throw new ConfigError('配置有误 (invalid configuration):\n  SMS_WEBHOOK_URL: SMS_PROVIDER=webhook 时必须设置');
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return Object.freeze({
    env: e.NODE_ENV,
    http: { port: e.PORT, host: e.HOST, trustProxy: e.TRUST_PROXY, publicUrl: e.PUBLIC_URL ?? null, allowedHosts: allowedHosts(e) },
    logLevel: e.LOG_LEVEL,
    dataDir,
    database: e.DATABASE_URL
      ? {
          kind: 'postgres',
          url: e.DATABASE_URL,
          poolSize: e.DB_POOL_SIZE,
          statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
          idleTimeoutMs: e.DB_IDLE_TIMEOUT_MS,
        }
      : { kind: 'sqlite', file: path.join(dataDir, 'changdu.sqlite'), synchronous: e.SQLITE_SYNCHRONOUS },
    tasks: { leaseMs: e.TASK_LEASE_SECONDS * 1000, graceMs: e.TASK_STOP_GRACE_SECONDS * 1000 },
    redisNamespace: e.REDIS_NAMESPACE,
    lookupFlushMs: Math.round(e.LOOKUP_FLUSH_SECONDS * 1000),
    listKeepMs: Math.round(e.LIST_KEEP_SECONDS * 1000),
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : e.NODE_ENV === 'production' ? defaultWebDist() : null,
    admin: { phone: e.ADMIN_PHONE ?? null, password: e.ADMIN_PASSWORD ?? null },
    seedDemo: e.SEED_DEMO,
    auth: { tokenTtlDays: e.TOKEN_TTL_DAYS, registerSms: e.REGISTER_SMS, passwordHashCost: e.PASSWORD_HASH_COST },
    sms: { provider: e.SMS_PROVIDER, webhookUrl: e.SMS_WEBHOOK_URL ?? null },
    rateLimit: e.RATE_LIMIT,
    analyticsScriptUrl: e.ANALYTICS_SCRIPT_URL ?? null,
    fetchAllowPrivate: e.FETCH_ALLOW_PRIVATE,
    feedCrawlHours: e.FEED_CRAWL_HOURS,
    uploads: { pendingMaxBytes: e.UPLOAD_PENDING_MAX_MB * 1024 * 1024 },
    appSecret: e.APP_SECRET ?? null,
    metrics: { token: e.METRICS_TOKEN ?? null },
    redisUrl: e.REDIS_URL ?? null,
    storage: storageConfig(e, dataDir),
    pay: payConfig(e),
    inviteCode: e.INVITE_CODE,
    ai: e.AI_BASE_URL
      ? {
          baseUrl: e.AI_BASE_URL,
          apiKey: e.AI_API_KEY ?? null,
          model: e.AI_MODEL ?? defaultModels[e.AI_PROVIDER],
          profile: e.AI_PROVIDER,
          connectTimeoutMs: e.AI_TIMEOUT_MS,
          idleTimeoutMs: e.AI_IDLE_TIMEOUT_MS,
        }
      : null,
    aiQuota: { user: e.AI_QUOTA_USER, memberPerLevel: e.AI_QUOTA_MEMBER },
    wechat: {
      wx: e.WX_APP_ID && e.WX_APP_SECRET ? { appId: e.WX_APP_ID, secret: e.WX_APP_SECRET, apiBase: e.WX_API_BASE } : null,
      qywx: e.QYWX_CORP_ID && e.QYWX_CORP_SECRET ? { appId: e.QYWX_CORP_ID, secret: e.QYWX_CORP_SECRET, apiBase: e.QYWX_API_BASE } : null,
    },
    media: { ttsVoice: e.TTS_VOICE, ttsSpeed: e.TTS_SPEED, chromiumPath: e.CHROMIUM_PATH, posterFont: e.POSTER_FONT },
  } satisfies Config);
}

/** The model when AI_MODEL is not set: each profile's common default. */
const defaultModels: Record<Env['AI_PROVIDER'], string> = {
  openai: 'gpt-4o-mini',
  deepseek: 'deepseek-chat',
  qwen: 'qwen-plus',
  ollama: 'qwen2.5:7b',
  vllm: 'default',
  generic: 'default',
};

/** S3 only when a bucket is named; any S3 setting without the rest is a mistake worth stopping for. */
function storageConfig(e: Env, dataDir: string): Config['storage'] {
  const invalid = (name: string, message: string) => new ConfigError(`配置有误 (invalid configuration):\n  ${name}: ${message}`);
  if (!e.S3_BUCKET) {
    const stray = (['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE', 'S3_PREFIX'] as const).find(
      (v) => e[v] !== undefined,
    );
    if (stray) throw invalid('S3_BUCKET', `设置了 ${stray} 时必须设置存储桶名`);
    return { kind: 'local', dir: path.join(dataDir, 'files') };
  }
  if (!e.S3_ACCESS_KEY_ID) throw invalid('S3_ACCESS_KEY_ID', '设置 S3_BUCKET 时必须设置');
  if (!e.S3_SECRET_ACCESS_KEY) throw invalid('S3_SECRET_ACCESS_KEY', '设置 S3_BUCKET 时必须设置');
  return {
    kind: 's3',
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    endpoint: e.S3_ENDPOINT ?? null,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    // MinIO-like servers seldom have a DNS name per bucket; AWS itself prefers virtual hosts.
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? e.S3_ENDPOINT !== undefined,
    prefix: e.S3_PREFIX ?? '',
  };
}

/** ALLOWED_HOSTS, or loopback names; the host of PUBLIC_URL always counts. */
/**
 * Where links in generated files (PDF footers, export pages) point when no request is at hand:
 * PUBLIC_URL, else the first allowed host on this server's own port, so a local PDF's link opens.
 */
export function backgroundOrigin(http: Config['http']): string {
  if (http.publicUrl) return http.publicUrl.replace(/\/$/, '');
  const host = http.allowedHosts[0] ?? 'localhost';
  const hasPort = /:\d+$/.test(host);
  return `http://${host}${hasPort || http.port === 80 ? '' : `:${http.port}`}`;
}

function allowedHosts(e: Env): string[] {
  const hosts = e.ALLOWED_HOSTS ?? ['localhost', '127.0.0.1', '[::1]'];
  const publicHost = e.PUBLIC_URL ? new URL(e.PUBLIC_URL).host : null;
  return publicHost && !hosts.includes(publicHost) ? [...hosts, publicHost] : hosts;
}

/** packages/web/dist, found from this file whether it runs from src/ (tsx) or from the bundle in dist/ (`npm start`). */
function defaultWebDist(): string {
  for (let dir = import.meta.dirname; path.dirname(dir) !== dir; dir = path.dirname(dir)) {
    const web = path.join(dir, 'web/dist');
    if (path.basename(dir) === 'packages' && fs.existsSync(path.join(dir, 'web'))) return web;
  }
  return path.resolve(import.meta.dirname, '../../web/dist');
}

/**
 * APP_SECRET, or a random one made on first start and kept in DATA_DIR/app-secret (mode 0600),
 * so a single process needs no setting; several processes on several hosts must share APP_SECRET.
 */
export function appSecret(config: Config): string {
  if (config.appSecret) return config.appSecret;
  const file = path.join(config.dataDir, 'app-secret');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
  } catch (err) {
    // Another process made it first: use theirs.
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return fs.readFileSync(file, 'utf8').trim();
}

/** A payment provider is on when all of its settings are given; some but not all is a mistake worth stopping for. */
function payConfig(e: Env): Config['pay'] {
  const invalid = (name: string) => new ConfigError(`配置有误 (invalid configuration):\n  ${name}: 启用该支付方式时必须设置`);
  const wechatKeys = [
    'WECHAT_PAY_MCHID',
    'WECHAT_PAY_APPID',
    'WECHAT_PAY_SERIAL',
    'WECHAT_PAY_PRIVATE_KEY',
    'WECHAT_PAY_PLATFORM_PUBLIC_KEY',
    'WECHAT_PAY_API_V3_KEY',
  ] as const;
  const alipayKeys = ['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY'] as const;
  const some = (keys: readonly (keyof Env)[]) => keys.some((k) => e[k] !== undefined);
  const missing = (keys: readonly (keyof Env)[]) => keys.find((k) => e[k] === undefined);
  if (some(wechatKeys) && missing(wechatKeys)) throw invalid(missing(wechatKeys)!);
  if (some(alipayKeys) && missing(alipayKeys)) throw invalid(missing(alipayKeys)!);
  return {
    wechat: some(wechatKeys)
      ? {
          mchid: e.WECHAT_PAY_MCHID!,
          appid: e.WECHAT_PAY_APPID!,
          serial: e.WECHAT_PAY_SERIAL!,
          privateKey: e.WECHAT_PAY_PRIVATE_KEY!,
          platformPublicKey: e.WECHAT_PAY_PLATFORM_PUBLIC_KEY!,
          apiV3Key: e.WECHAT_PAY_API_V3_KEY!,
          baseUrl: e.WECHAT_PAY_BASE_URL,
        }
      : null,
    alipay: some(alipayKeys)
      ? { appId: e.ALIPAY_APP_ID!, privateKey: e.ALIPAY_PRIVATE_KEY!, alipayPublicKey: e.ALIPAY_PUBLIC_KEY!, gateway: e.ALIPAY_GATEWAY }
      : null,
  };
}
