import {
  articleLevels,
  type ArticleCard,
  type ArticleDetail,
  type ArticleLevel,
  type ArticleManage,
  type ArticleSummary,
  type Paragraph,
  PLACEHOLDER_COUNT,
} from '@changdu/contract';
import { readingMinutes, type TextMetrics } from './metrics.js';
import type { ArticleRow } from './articles.repo.js';
import { parseParagraphs } from './article-content.js';
import { previewLength } from '../../lib/policy.js';

/**
 * The paragraphs this caller may read: all of them when `full` (lib/policy.ts `readFull`), else a
 * members-only article's preview. Every text drawn from an article for a caller (the reader page,
 * AI help, posters, exports) is cut here.
 */
export function visibleParagraphs(row: Pick<ArticleRow, 'content' | 'is_lock'>, full: boolean): Paragraph[] {
  return cutToPreview(parseParagraphs(row.content), row.is_lock === 1 && !full);
}

const cutToPreview = (paragraphs: Paragraph[], locked: boolean) => (locked ? paragraphs.slice(0, previewLength(paragraphs.length)) : paragraphs);

export function effectiveLevel(row: Pick<ArticleRow, 'level_auto' | 'level_override'>): ArticleLevel {
  const override = row.level_override as ArticleLevel | null;
  return override && articleLevels.includes(override) ? override : (row.level_auto as ArticleLevel);
}

/** What a card shows of a row (articles.repo.ts#ListRow holds it). */
type CardRow = Pick<
  ArticleRow,
  | 'id'
  | 'title'
  | 'title_zh'
  | 'summary'
  | 'author_id'
  | 'author_name'
  | 'source'
  | 'cover'
  | 'topics'
  | 'level_auto'
  | 'level_override'
  | 'word_count'
  | 'is_lock'
  | 'published_at'
>;

/** An article in a list; `known_pct` is the reader's, filled where the answer leaves the server (http/known-share.ts). */
export function toCard(row: CardRow): ArticleCard {
  return { ...toSummary(row), known_pct: null };
}

function toSummary(row: CardRow): ArticleSummary {
  return {
    id: row.id,
    title: row.title,
    // An empty translation is no translation: lists show no empty Chinese subtitle.
    title_zh: row.title_zh?.trim() || null,
    summary: row.summary,
    author: row.author_id !== null && row.author_name !== null ? { id: row.author_id, name: row.author_name } : null,
    source: row.source,
    cover: row.cover ? `/api/image/${row.cover}` : null,
    placeholder: placeholderFor(row.title, JSON.parse(row.topics) as string[]),
    topics: JSON.parse(row.topics) as string[],
    level: effectiveLevel(row),
    word_count: row.word_count,
    reading_minutes: readingMinutes(row.word_count),
    is_lock: row.is_lock === 1,
    published_at: row.published_at,
  };
}

export interface DetailExtras {
  words: ArticleDetail['words'];
  me: ArticleDetail['me'];
}

const NO_EXTRAS: DetailExtras = { words: [], me: null };

/** A figure's images load as they near the view and decode off the main thread: a long read's figures do not compete with its first screen. */
export function readerFigure(p: Paragraph): Paragraph {
  return p.kind === 'figure' ? { ...p, html: p.html.replace(/<img(?![^>]*\sloading=)/g, '<img loading="lazy" decoding="async"') } : p;
}

/** The reader's shape; `full` is false for non-members opening a locked article. */
export function toDetail(row: ArticleRow, full: boolean, extras: DetailExtras = NO_EXTRAS): ArticleDetail {
  const paragraphs = parseParagraphs(row.content);
  const locked = row.is_lock === 1 && !full;
  return {
    ...toSummary(row),
    ...extras,
    status: row.status,
    url: row.url,
    summary_zh: row.summary_zh?.trim() || null,
    paragraphs: cutToPreview(paragraphs, locked),
    preview: locked,
    paragraph_total: paragraphs.length,
    audio: row.audio,
    pdf: row.pdf,
    poster: row.poster,
  };
}

/** Which parts of an article have Chinese (figures need none). */
/**
 * The placeholder of an article without a cover, derived from its title and first topic (FNV-1a),
 * so neighbouring articles rarely share one (ids in a row used to cycle through the same few).
 */
export function placeholderFor(title: string, topics: string[]): number {
  let h = 0x811c9dc5;
  for (const ch of `${topics[0] ?? ''}|${title.trim().toLowerCase()}`) {
    h ^= ch.codePointAt(0)!;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return (h % PLACEHOLDER_COUNT) + 1;
}

export function translationOf(detail: Pick<ArticleDetail, 'title_zh' | 'summary' | 'summary_zh' | 'paragraphs'>): ArticleManage['translation'] {
  const text = detail.paragraphs.filter((p) => p.kind !== 'figure');
  return {
    title: !!detail.title_zh?.trim(),
    summary: !detail.summary?.trim() || !!detail.summary_zh?.trim(),
    paragraphs: text.length,
    translated: text.filter((p) => !!p.zh?.trim()).length,
  };
}

/** What a manager is told when publishing an article with parts still in English only, or null. */
export function missingTranslationWarning(t: ArticleManage['translation']): string | null {
  const parts = [
    ...(t.title ? [] : ['中文标题']),
    ...(t.summary ? [] : ['中文摘要']),
    ...(t.translated < t.paragraphs ? [`${t.paragraphs - t.translated} 段正文（共 ${t.paragraphs} 段）`] : []),
  ];
  return parts.length ? `已发布，但还没有译文：${parts.join('、')}。读者打开“双语”会看到这篇文章还没有译文。` : null;
}

export function toManage(row: ArticleRow, events: ArticleManage['events'], words: ArticleDetail['words']): ArticleManage {
  const metrics = JSON.parse(row.metrics) as TextMetrics;
  const detail = toDetail(row, true, { words, me: null });
  return {
    ...detail,
    translation: translationOf(detail),
    warning: null,
    level_auto: row.level_auto as ArticleLevel,
    level_override: (row.level_override as ArticleLevel | null) ?? null,
    readability: { grade: metrics.grade, beyond_c4: metrics.beyond_c4, beyond_c6: metrics.beyond_c6 },
    reject_reason: row.reject_reason,
    feed_id: row.feed_id,
    created_at: row.created_at,
    updated_at: row.updated_at,
    events,
  };
}
