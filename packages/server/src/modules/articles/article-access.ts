import { NotFound } from '../../lib/errors.js';
import { can, type Who } from '../../lib/policy.js';
import type { ArticleRow } from './articles.repo.js';

/** An article the caller may open, and whether they may read its members-only text in full. */
export interface ReadableArticle {
  row: ArticleRow;
  full: boolean;
}

const subject = (row: Pick<ArticleRow, 'status' | 'is_lock'>) => ({ kind: 'article' as const, status: row.status, is_lock: row.is_lock });

/** Whether this caller may open the article (lib/policy.ts decides). */
export const mayOpen = (row: Pick<ArticleRow, 'status' | 'is_lock'>, who: Who): boolean => can(who, 'open', subject(row));

/**
 * The article for this caller, or NotFound: a draft is as absent as a missing id, so ids cannot
 * be probed. `full`: whether the caller reads all of it (lib/policy.ts `readFull`). Every call
 * that takes an article id goes through this (via the articles service's `readable`).
 */
export function readableBy<T extends Pick<ArticleRow, 'status' | 'is_lock'> = ArticleRow>(row: T | undefined, who: Who): { row: T; full: boolean } {
  if (!row || !mayOpen(row, who)) throw new NotFound('文章不存在或已下线');
  return { row, full: can(who, 'readFull', subject(row)) };
}
