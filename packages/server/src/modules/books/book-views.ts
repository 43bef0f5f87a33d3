import {
  examLevels,
  type ArticleLevel,
  type BookCard,
  type BookNote,
  type BookPos,
  type ExamLevel,
  type Paragraph,
  type ShelfEntry,
  type TocLine,
} from '@changdu/contract';
import { levelOf, levelWords, measure } from '../articles/index.js';
import type { Ecdict } from '../dictionary/index.js';
import type { TocItem } from './epub.js';
import type { BookNoteRow, BookRow, ShelfRow } from './books.repo.js';

// Rows of the books tables as the contract shows them.

const coverUrl = (name: string | null) => (name ? `/api/image/${name}` : null);

export function toCard(row: BookRow): BookCard {
  return {
    id: row.id,
    uuid: row.uuid,
    title: row.title,
    author: row.author,
    language: row.language,
    cover: coverUrl(row.cover),
    level: row.level as ArticleLevel,
    word_count: row.word_count,
    chapter_count: row.chapter_count,
    status: row.status as BookCard['status'],
    published_at: row.published_at,
    created_at: row.created_at,
  };
}

export function toEntry(row: Pick<ShelfRow, 'pos' | 'progress' | 'read_seconds' | 'added_at' | 'last_read_at'>): Omit<ShelfEntry, 'book'> {
  return {
    pos: row.pos ? (JSON.parse(row.pos) as BookPos) : null,
    progress: row.progress,
    read_seconds: row.read_seconds,
    added_at: row.added_at,
    last_read_at: row.last_read_at,
  };
}

export function toNote(row: BookNoteRow): BookNote {
  return {
    id: row.id,
    note_uuid: row.note_uuid,
    book_id: row.book_id,
    chapter: row.chapter,
    text: row.text,
    comment: row.comment,
    root: row.root,
    tag: row.tag,
    color: row.color as BookNote['color'],
    data: JSON.parse(row.data) as unknown,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export function flattenToc(items: TocItem[], depth = 0, out: TocLine[] = []): TocLine[] {
  for (const t of items) {
    out.push({ title: t.title, chapter: t.chapter, anchor: t.anchor, paragraph: t.paragraph, depth });
    flattenToc(t.children, depth + 1, out);
  }
  return out;
}

/** The stored TOC; books imported before anchors were resolved have no `paragraph` and open the chapter top. */
export const tocOf = (row: Pick<BookRow, 'toc'>): TocLine[] =>
  (JSON.parse(row.toc) as TocLine[]).map((line) => ({ ...line, paragraph: line.paragraph ?? null }));

export const levelCounts = (json: string) => JSON.parse(json) as Record<ExamLevel, number>;

/** A chapter's level and, for each exam level, how many distinct words lie beyond it. */
export function chapterMetrics(paragraphs: Paragraph[], dict: Ecdict) {
  const text = paragraphs
    .filter((p) => p.kind !== 'figure')
    .map((p) => p.text)
    .join('\n\n');
  const metrics = measure(text, dict);
  const counts = Object.fromEntries(examLevels.map((l) => [l, levelWords(paragraphs, l, dict).length])) as Record<ExamLevel, number>;
  return { words: metrics.words, level: levelOf(metrics), levelWords: counts, metrics };
}

/** A chapter row ready to store: its metrics measured, its paragraphs as JSON. */
export function chapterRow(idx: number, title: string, paragraphs: Paragraph[], dict: Ecdict) {
  const m = chapterMetrics(paragraphs, dict);
  return {
    idx,
    title,
    content: JSON.stringify(paragraphs),
    word_count: m.words,
    level: m.level,
    level_words: JSON.stringify(m.levelWords),
  };
}
