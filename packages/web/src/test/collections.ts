import type { Collection } from '@changdu/contract';

/** Test data in the contract's shapes. */

export function makeCollection(overrides: Partial<Collection> = {}): Collection {
  return {
    id: 7,
    title: 'Sleep science',
    description: 'Read in order',
    cover: null,
    placeholder: 3,
    owner: { id: 2, name: 'amy', is_creator: true },
    is_published: true,
    published_at: '2026-11-01T08:00:00.000Z',
    article_count: 3,
    follower_count: 4,
    star_count: 1,
    created_at: '2026-11-01T08:00:00.000Z',
    updated_at: '2026-11-01T08:00:00.000Z',
    ...overrides,
  };
}
