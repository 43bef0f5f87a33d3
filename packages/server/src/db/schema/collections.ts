import type { Generated } from 'kysely';

/** Collections and creators (issue 13). */
export interface CollectionsTables {
  collections: CollectionsTable;
  collection_items: CollectionItemsTable;
  collection_marks: CollectionMarksTable;
  creators: CreatorsTable;
  creator_follows: CreatorFollowsTable;
  creator_applications: CreatorApplicationsTable;
}

export interface CollectionsTable {
  id: Generated<number>;
  owner_id: number;
  title: string;
  description: string | null;
  cover_article_id: number | null;
  /** The cover image path, copied from the cover article (or the first with a cover) at save. */
  cover: string | null;
  is_published: number;
  published_at: string | null;
  follower_count: Generated<number>;
  star_count: Generated<number>;
  last_added_at: string | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}
export interface CollectionItemsTable {
  collection_id: number;
  article_id: number;
  /** 0-based order in the collection. */
  position: number;
  note: string | null;
  added_at: string;
}
export interface CollectionMarksTable {
  user_id: number;
  collection_id: number;
  kind: 'star' | 'follow';
  created_at: string;
  /** When a follower last opened the collection (new articles are those added after). */
  seen_at: string;
}
export interface CreatorsTable {
  user_id: number;
  bio: string | null;
  avatar: string | null;
  author_id: number | null;
  follower_count: Generated<number>;
  created_at: string;
}
export interface CreatorFollowsTable {
  user_id: number;
  creator_id: number;
  created_at: string;
}
export interface CreatorApplicationsTable {
  id: Generated<number>;
  user_id: number;
  statement: string;
  bio: string | null;
  status: 'pending' | 'approved' | 'refused';
  reason: string | null;
  reviewed_by: number | null;
  created_at: string;
  reviewed_at: string | null;
}
