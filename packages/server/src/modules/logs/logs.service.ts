import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { pageOf } from '../../lib/page.js';
import { Invalid, NotFound } from '../../lib/errors.js';
import { logsRepo } from './logs.repo.js';

const MAX_DATA_BYTES = 4096;
const EVENTS_PAGE = 20;

export interface LogInput {
  name: string;
  data?: unknown;
  cuid: string | null;
  uid: number | null;
  is_new: boolean;
  source: 'WEB' | 'WEBVIEW';
  ip: string;
  platform: string | null;
}

function pathOf(data: unknown): string | null {
  if (data && typeof data === 'object' && 'path' in data && typeof data.path === 'string') return data.path.slice(0, 500);
  return null;
}

function parseData(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function logsService(db: Db, clock: Clock) {
  const repo = logsRepo(db);
  return {
    async record(input: LogInput) {
      if (!input.cuid) throw new Invalid('缺少客户端标识（cuid）');
      const data = input.data === undefined ? null : JSON.stringify(input.data);
      if (data !== null && Buffer.byteLength(data) > MAX_DATA_BYTES) throw new Invalid('事件数据太大（最多 4KB）');
      const now = clock.now().toISOString();
      const isNew = input.is_new ? 1 : 0;
      const id = await repo.record(
        { cuid: input.cuid, uid: input.uid, name: input.name, data, is_new: isNew, source: input.source, ip: input.ip, created_at: now },
        {
          cuid: input.cuid,
          uid: input.uid,
          source: input.source,
          platform: input.platform,
          is_new: isNew,
          first_seen_at: now,
          last_seen_at: now,
          last_event: input.name,
          last_path: pathOf(input.data),
          events: 1,
          articles_seen_at: null,
        },
      );
      return { id };
    },

    articlesSeenAt: repo.articlesSeenAt,
    markArticlesSeen: repo.markArticlesSeen,

    async visitors(offset: number, limit: number) {
      const rows = await repo.visitors(offset, limit + 1);
      return pageOf(
        rows.map((r) => ({ ...r, is_new: r.is_new === 1, username: r.username ?? null })),
        offset,
        limit,
      );
    },

    async events(cuid: string, offset: number) {
      if (!(await repo.visitorExists(cuid))) throw new NotFound('没有这个访客');
      const rows = await repo.events(cuid, offset, EVENTS_PAGE + 1);
      return pageOf(
        rows.map((r) => ({
          id: r.id,
          name: r.name,
          data: parseData(r.data),
          cuid: r.cuid,
          uid: r.uid,
          is_new: r.is_new === 1,
          source: r.source,
          created_at: r.created_at,
        })),
        offset,
        EVENTS_PAGE,
      );
    },
  };
}
export type LogsService = ReturnType<typeof logsService>;
