import type { ArticleLevel, ArticleStatus, Paragraph } from '@changdu/contract';
import { prepareContent } from '../src/modules/articles/article-content.js';
import { articleMetaRepo } from '../src/modules/articles/article-meta.repo.js';
import { articlesRepo } from '../src/modules/articles/articles.repo.js';
import { paragraphFromText } from '../src/modules/articles/structure.js';
import type { TestApp } from './test-app.js';
import { testDict } from './test-app.js';

export interface ArticleSpec {
  title?: string;
  title_zh?: string | null;
  status?: ArticleStatus;
  paragraphs?: (string | { en: string; zh: string })[];
  topics?: string[];
  is_lock?: boolean;
  level?: ArticleLevel | null;
  author?: string | null;
  /** Days before the test clock's now. */
  daysAgo?: number;
  views?: number;
}

let n = 0;

/** An article row as ingest would store it. */
export async function createArticle(t: TestApp, spec: ArticleSpec = {}): Promise<number> {
  n += 1;
  const now = t.clock.now();
  const paragraphs: Paragraph[] = (
    spec.paragraphs ?? [`Paragraph one of article ${n}. It is short.`, 'A second paragraph follows here.', 'And a third one ends it.']
  ).map((p) => (typeof p === 'string' ? paragraphFromText('p', p, null) : paragraphFromText('p', p.en, p.zh)));
  const topics = spec.topics ?? [];
  const published = new Date(now.getTime() - (spec.daysAgo ?? 1) * 86_400_000).toISOString();
  const status = spec.status ?? 'published';
  return articlesRepo(t.db).create({
    status,
    title: spec.title ?? `Test article ${n}`,
    title_zh: spec.title_zh ?? null,
    author_id: spec.author ? await articleMetaRepo(t.db).authorId(spec.author, now.toISOString()) : null,
    source: 'Test Source',
    topics,
    ...prepareContent(paragraphs, testDict()),
    level_override: spec.level ?? null,
    is_lock: spec.is_lock ? 1 : 0,
    views: spec.views ?? 0,
    published_at: status === 'published' ? published : null,
    now: now.toISOString(),
  });
}

/** A magazine issue row with one downloaded article (`articleId`) in it. */
export async function createMagazine(
  t: TestApp,
  spec: { name?: string; status?: 'draft' | 'approved' | 'published'; articleId?: number } = {},
): Promise<{ id: number; entry: number | null }> {
  n += 1;
  const now = t.clock.now().toISOString();
  const row = await t.db.kysely
    .insertInto('magazines')
    .values({
      name: spec.name ?? `Test weekly ${n}`,
      edition: '2026-11-21',
      url: null,
      cover: null,
      status: spec.status ?? 'draft',
      review_reason: null,
      crawled_at: null,
      crawl_error: null,
      task_id: null,
      created_by: null,
      published_at: spec.status === 'published' ? now : null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (spec.articleId === undefined) return { id: row.id, entry: null };
  const entry = await t.db.kysely
    .insertInto('magazine_articles')
    .values({
      magazine_id: row.id,
      position: 1,
      section: 'Leaders',
      title: 'A story of the issue',
      url: null,
      article_id: spec.articleId,
      state: 'downloaded',
      error: null,
      review: 'approved',
      review_reason: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, entry: entry.id };
}
