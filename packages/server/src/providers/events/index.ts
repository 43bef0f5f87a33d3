import type { EventBus, EventLog } from './events.js';
import { memoryEventBus } from './memory.events.js';
import { postgresEventBus } from './postgres.events.js';
import { redisEventBus } from './redis.events.js';

export * from './events.js';
export { memoryEventBus } from './memory.events.js';
export { postgresEventBus, type PostgresEventBusOptions } from './postgres.events.js';
export { redisEventBus } from './redis.events.js';
export { keepListening, type Listening } from './listen.js';
export { ReaderCopies, type ReaderChannel, type ReaderCopiesOptions } from './reader-copies.js';

/**
 * The bus for this deployment: Redis when configured (it already carries shared state), else
 * LISTEN/NOTIFY on PostgreSQL, which every process of a scaled-out deployment reaches anyway,
 * else in process, which serves one `--role=all` process (separate processes on SQLite need Redis).
 */
export function openEventBus(options: {
  redisUrl: string | null;
  /** As in the config: the PostgreSQL URL is all the PostgreSQL bus needs. */
  database: { kind: 'sqlite' } | { kind: 'postgres'; url: string };
  log: EventLog;
  namespace?: string;
}): EventBus {
  const { log, namespace } = options;
  if (options.redisUrl) return redisEventBus({ url: options.redisUrl, log, namespace });
  if (options.database.kind === 'postgres') return postgresEventBus({ url: options.database.url, log, namespace });
  return memoryEventBus({ log, namespace });
}
