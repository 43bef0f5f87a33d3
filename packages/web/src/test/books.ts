import type { BookCard } from '@changdu/contract';

/** A published book's card, for screens that list or open books. */
export function makeBookCard(overrides: Partial<BookCard> = {}): BookCard {
  return {
    id: 5,
    uuid: 'b-uuid',
    title: 'Harbour Tales',
    author: 'Ann Lee',
    language: 'en',
    cover: null,
    level: 'STANDARD',
    word_count: 400,
    chapter_count: 2,
    status: 'published',
    published_at: '2026-11-01T00:00:00.000Z',
    created_at: '2026-11-01T00:00:00.000Z',
    ...overrides,
  };
}
