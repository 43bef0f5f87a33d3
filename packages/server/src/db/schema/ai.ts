import type { Generated } from 'kysely';

/** AI help (issue 11): stored asks, the answer cache and usage against quotas. */
export interface AiTables {
  ai_asks: AiAsksTable;
  ai_cache: AiCacheTable;
  ai_usage: AiUsageTable;
}

export interface AiAsksTable {
  id: Generated<number>;
  user_id: number;
  article_id: number | null;
  pos: string | null;
  selection: string | null;
  source: 'ARTICLE' | 'FREE';
  prompt: string;
  answer: string;
  /** JSON array of cited paragraph ids. */
  citations: string;
  model: string | null;
  offline: number;
  tokens: number;
  cache_key: string;
  created_at: string;
}
export interface AiCacheTable {
  id: Generated<number>;
  cache_key: string;
  kind: string;
  model: string;
  /** JSON of the answer. */
  content: string;
  created_at: string;
}
export interface AiUsageTable {
  id: Generated<number>;
  user_id: number;
  /** China-time day, YYYY-MM-DD (lib/days.ts). */
  day: string;
  tokens: number;
  requests: number;
}
