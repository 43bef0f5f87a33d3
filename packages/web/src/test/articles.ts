import type { ArticleCard, ArticleDetail, ArticleManage, Paragraph, Task } from '@changdu/contract';

/** Test data in the contract's shapes. */

export function makeCard(overrides: Partial<ArticleCard> = {}): ArticleCard {
  const id = overrides.id ?? 1;
  return {
    id,
    title: `Article number ${id}`,
    title_zh: `第 ${id} 篇文章`,
    summary: null,
    author: { id: 7, name: 'Mara Quill' },
    source: 'Changdu Demo',
    cover: null,
    placeholder: 3,
    topics: ['science'],
    level: 'STANDARD',
    word_count: 800,
    reading_minutes: 4,
    is_lock: false,
    published_at: '2025-03-01T08:00:00.000Z',
    known_pct: null,
    ...overrides,
  };
}

export const cards = (from: number, count: number) => Array.from({ length: count }, (_, i) => makeCard({ id: from + i }));

export function makeParagraph(id: string, overrides: Partial<Paragraph> = {}): Paragraph {
  const text = overrides.text ?? `Paragraph ${id} text.`;
  return { id, kind: 'p', html: text, text, sentences: [{ id: `${id}-s1`, text }], zh: `段落 ${id} 的译文。`, ...overrides };
}

export function makeDetail(overrides: Partial<ArticleDetail> = {}): ArticleDetail {
  return {
    ...makeCard({ id: 12 }),
    status: 'published',
    url: 'https://example.com/original',
    summary_zh: null,
    paragraphs: [makeParagraph('p1'), makeParagraph('p2')],
    preview: false,
    paragraph_total: 2,
    audio: null,
    pdf: null,
    poster: null,
    words: [],
    me: null,
    ...overrides,
  };
}

export function makeManage(overrides: Partial<ArticleManage> = {}): ArticleManage {
  return {
    ...makeDetail(),
    status: 'draft',
    level_auto: 'STANDARD',
    level_override: null,
    readability: { grade: 9.4, beyond_c4: 0.12, beyond_c6: 0.05 },
    reject_reason: null,
    feed_id: null,
    created_at: '2025-03-01T08:00:00.000Z',
    updated_at: '2025-03-02T08:00:00.000Z',
    events: [],
    translation: { title: true, summary: true, paragraphs: 2, translated: 2 },
    warning: null,
    ...overrides,
  };
}

export function makeTask(overrides: Partial<Task> = {}): Task {
  return {
    id: 99,
    type: 'rss.download',
    status: 'running',
    progress: 0,
    message: null,
    result: null,
    link: null,
    created_at: '2025-03-01T08:00:00.000Z',
    updated_at: '2025-03-01T08:00:00.000Z',
    ...overrides,
  };
}
