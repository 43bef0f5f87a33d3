import { satisfies, type Role } from '@changdu/contract';
import { NotFound } from '../../lib/errors.js';
import type { ArticleRow } from './articles.repo.js';

/** An article the caller may open, and whether they may read its members-only text in full. */
export interface ReadableArticle {
  row: ArticleRow;
  full: boolean;
}

/**
 * The one rule for who may open an article: a published one, anyone; any other status, managers
 * only. Every call that takes an article id goes through `readableBy` (via the articles service).
 */
export function mayOpen(row: Pick<ArticleRow, 'status'>, role: Role): boolean {
  return row.status === 'published' || satisfies(role, 'manager');
}

/** The article for this role, or NotFound: a draft is as absent as a missing id, so ids cannot be probed. */
export function readableBy<T extends Pick<ArticleRow, 'status'> = ArticleRow>(row: T | undefined, role: Role): { row: T; full: boolean } {
  if (!row || !mayOpen(row, role)) throw new NotFound('文章不存在或已下线');
  return { row, full: satisfies(role, 'member') };
}
