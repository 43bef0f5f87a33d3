// Every kind of background job, declared without its handler so that modules can enqueue
// (and the compiler can check their payloads) without depending on the code that runs them.
// A leaf: it imports nothing from the server.
import { createHash } from 'node:crypto';
import { z } from 'zod';

export interface RetryPolicy {
  /** Total runs before the task is failed for good. */
  maxAttempts: number;
  /** First retry delay; each later retry doubles it. */
  backoffMs: number;
}

export interface JobKind<Name extends string = string, Payload extends z.ZodType = z.ZodType> {
  readonly name: Name;
  readonly payload: Payload;
  readonly retry: RetryPolicy;
  /**
   * Tasks of this kind with the same key are one piece of work: while one is queued or running,
   * enqueueing another answers that one (the database enforces it). Kinds without it never merge.
   * Method syntax on purpose: a list of kinds holds kinds of different payloads.
   */
  idempotencyKey?(payload: z.output<Payload>): string;
}

export function defineKind<const Name extends string, Payload extends z.ZodType>(kind: JobKind<Name, Payload>): JobKind<Name, Payload> {
  return kind;
}

/** Fetches a feed and stores the items not seen before. */
export const crawlFeedKind = defineKind({
  name: 'rss.crawl',
  payload: z.object({ feed_id: z.number().int() }),
  retry: { maxAttempts: 3, backoffMs: 60_000 },
  idempotencyKey: (p) => `feed:${p.feed_id}`,
});

/** Turns a feed item into a draft article; `user_id` is recorded as the draft's creator. */
export const downloadItemKind = defineKind({
  name: 'rss.download',
  payload: z.object({ item_id: z.number().int(), user_id: z.number().int().nullable() }),
  retry: { maxAttempts: 3, backoffMs: 30_000 },
  idempotencyKey: (p) => `item:${p.item_id}`,
});

/** Re-extracts an article from its source address, keeping what editors did. */
export const redownloadArticleKind = defineKind({
  name: 'article.redownload',
  payload: z.object({ article_id: z.number().int(), user_id: z.number().int().nullable() }),
  retry: { maxAttempts: 3, backoffMs: 30_000 },
  idempotencyKey: (p) => `article:${p.article_id}`,
});

/** Imports an EPUB (an own upload or a web address) for a reader; one import per reader and file at a time. */
export const importBookKind = defineKind({
  name: 'book.import',
  payload: z.object({ user_id: z.number().int().nullable(), link: z.string(), digest: z.string().nullable() }),
  retry: { maxAttempts: 2, backoffMs: 30_000 },
  idempotencyKey: (p) => `book:${p.user_id ?? 0}:${p.digest ?? p.link}`,
});

/** Fetches a magazine issue's table of contents and records its article links in order. */
export const crawlMagazineKind = defineKind({
  name: 'magazine.crawl',
  payload: z.object({ magazine_id: z.number().int() }),
  retry: { maxAttempts: 3, backoffMs: 60_000 },
  idempotencyKey: (p) => `magazine:${p.magazine_id}`,
});

/** Downloads every article of an issue not yet downloaded; `user_id` is recorded as the drafts' creator. */
export const downloadMagazineKind = defineKind({
  name: 'magazine.download',
  payload: z.object({ magazine_id: z.number().int(), user_id: z.number().int().nullable() }),
  retry: { maxAttempts: 3, backoffMs: 30_000 },
  idempotencyKey: (p) => `magazine:${p.magazine_id}`,
});

/** Re-translates an article's paragraphs: `cache` keeps existing translations, `ai` asks the provider. */
export const retranslateArticleKind = defineKind({
  name: 'article.retranslate',
  payload: z.object({ article_id: z.number().int(), ai: z.boolean(), cache: z.boolean(), user_id: z.number().int().nullable() }),
  retry: { maxAttempts: 3, backoffMs: 60_000 },
  idempotencyKey: (p) => `retranslate:${p.article_id}`,
});

/** Prints an article to PDF in a style (and, for the `notes` style, with one reader's notes), cached per article version. */
export const articlePdfKind = defineKind({
  name: 'article.pdf',
  payload: z.object({
    article_id: z.number().int(),
    style: z.enum(['sy', 'en', 'notes']),
    user_id: z.number().int().nullable(),
    /** The address the reader came by, for the article's link in the PDF (absent in tasks queued before it was kept). */
    origin: z.string().url().optional(),
  }),
  retry: { maxAttempts: 2, backoffMs: 30_000 },
  idempotencyKey: (p) => `pdf:${p.article_id}:${p.style}:${p.user_id ?? ''}:${p.origin ?? ''}`,
});

/**
 * Reads an article aloud into storage: one MP3 and its sentence timings per article version
 * (`version` holds the text's version, the voice and the audio's make). Every reader of one
 * version shares the task, whichever process they asked.
 */
export const articleAudioKind = defineKind({
  name: 'article.audio',
  payload: z.object({ article_id: z.number().int(), version: z.string().min(1).max(64) }),
  retry: { maxAttempts: 2, backoffMs: 30_000 },
  idempotencyKey: (p) => `audio:${p.article_id}:${p.version}`,
});

/** Builds a reader's export ZIP (Markdown per article plus one EPUB) into storage. */
export const articleExportKind = defineKind({
  name: 'article.export',
  payload: z.object({ user_id: z.number().int(), article_ids: z.array(z.number().int()).min(1).max(50) }),
  retry: { maxAttempts: 2, backoffMs: 30_000 },
  // A double tap asks for the same export: it answers the unfinished one.
  idempotencyKey: (p) => `export:${p.user_id}:${createHash('sha256').update(p.article_ids.join(',')).digest('hex').slice(0, 24)}`,
});

/** Removes uploads never imported whose time is up (docs/books.md); queued periodically by workers. */
export const expireUploadsKind = defineKind({
  name: 'uploads.expire',
  payload: z.object({}),
  retry: { maxAttempts: 3, backoffMs: 60_000 },
  // Several workers' timers at once make one task.
  idempotencyKey: () => 'uploads',
});

/**
 * Makes the learner's headword sets of published articles at their current version (docs/learner.md):
 * one article after an editor's write, or, without an id, the most recently published ones.
 */
export const learnerSetsKind = defineKind({
  name: 'learner.sets',
  payload: z.object({ article_id: z.number().int().optional() }),
  retry: { maxAttempts: 2, backoffMs: 60_000 },
  idempotencyKey: (p) => `learner-sets:${p.article_id ?? 'recent'}`,
});

/** The kinds this build runs; start-up fails unless each has exactly one handler. */
export const jobKinds: readonly JobKind[] = [
  crawlFeedKind,
  downloadItemKind,
  redownloadArticleKind,
  importBookKind,
  crawlMagazineKind,
  downloadMagazineKind,
  retranslateArticleKind,
  articlePdfKind,
  articleAudioKind,
  articleExportKind,
  expireUploadsKind,
  learnerSetsKind,
];

export type PayloadOf<K extends JobKind> = z.input<K['payload']>;

export interface EnqueueOptions {
  /** The user who started the task: they (and managers) may watch it. */
  createdBy?: number | null;
}

/** What routes and services get to start background work: enqueueing, and nothing else of the queue. */
export interface Enqueue {
  /**
   * Queues a task of `kind`, or answers the unfinished one with the same idempotency key.
   */
  enqueue<K extends JobKind>(kind: K, payload: PayloadOf<K>, options?: EnqueueOptions): Promise<{ id: number }>;
}
