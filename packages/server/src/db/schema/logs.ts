import type { Generated } from 'kysely';

/** Page-open events and the visitors they come from (modules/logs). */
export interface LogsTables {
  log_events: LogEventsTable;
  visitors: VisitorsTable;
}

export interface LogEventsTable {
  id: Generated<number>;
  cuid: string;
  uid: number | null;
  name: string;
  data: string | null;
  is_new: number;
  source: 'WEB' | 'WEBVIEW';
  ip: string | null;
  created_at: string;
}
export interface VisitorsTable {
  cuid: string;
  uid: number | null;
  source: 'WEB' | 'WEBVIEW';
  platform: string | null;
  is_new: number;
  first_seen_at: string;
  last_seen_at: string;
  last_event: string;
  last_path: string | null;
  events: number;
  articles_seen_at: string | null;
}
