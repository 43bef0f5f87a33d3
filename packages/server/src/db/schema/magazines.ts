import type { Generated } from 'kysely';

/** Magazines (issue 15): issues and their articles. */
export interface MagazinesTables {
  magazines: MagazinesTable;
  magazine_articles: MagazineArticlesTable;
}

export type MagazineStatus = 'draft' | 'approved' | 'rejected' | 'published' | 'offline';
export interface MagazinesTable {
  id: Generated<number>;
  name: string;
  edition: string;
  /** The table-of-contents page; null for an uploaded issue. */
  url: string | null;
  /** A stored image name (as articles.cover). */
  cover: string | null;
  status: MagazineStatus;
  review_reason: string | null;
  crawled_at: string | null;
  crawl_error: string | null;
  /** The last crawl or download task. */
  task_id: number | null;
  created_by: number | null;
  published_at: string | null;
  created_at: string;
  updated_at: string;
}
export interface MagazineArticlesTable {
  id: Generated<number>;
  magazine_id: number;
  position: number;
  section: string | null;
  title: string;
  url: string | null;
  article_id: number | null;
  state: 'pending' | 'downloaded' | 'failed';
  error: string | null;
  review: 'unreviewed' | 'approved' | 'rejected';
  review_reason: string | null;
  created_at: string;
  updated_at: string;
}
