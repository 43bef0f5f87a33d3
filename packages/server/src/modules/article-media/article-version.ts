import { createHash } from 'node:crypto';
import type { ArticleRow } from './article-media.types.js';

/** A short stable digest of the parts, for cache keys of generated files. */
export const hash = (...parts: unknown[]) => createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 16);

/** The article's version: changes whenever anything a media file shows changes. */
export function articleVersion(
  row: Pick<ArticleRow, 'title' | 'title_zh' | 'content' | 'cover' | 'level_auto' | 'level_override' | 'source'>,
): string {
  return hash(row.title, row.title_zh, row.content, row.cover, row.level_override ?? row.level_auto, row.source);
}
