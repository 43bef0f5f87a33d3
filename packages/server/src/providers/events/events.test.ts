import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { redisForTests, TEST_REDIS_URL } from '../../../test/redis.js';
import {
  EventBusClosedError,
  EventTooLargeError,
  MAX_EVENT_BYTES,
  memoryEventBus,
  openEventBus,
  postgresEventBus,
  redisEventBus,
  type EventBus,
  type EventChannel,
  type EventLog,
  type EventMessage,
} from './index.js';

const redisUrl = TEST_REDIS_URL;
const redisUp = await redisForTests('the Redis event bus tests');
const pgUrl = process.env.TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
if (!pgUrl) {
  console.warn('Skipping the PostgreSQL LISTEN/NOTIFY event tests: TEST_DB is not postgres (they run in the server:postgres project).');
}

type Progress = EventMessage<'task.progress'>;
const progress = (value: number, message: string | null = null): Progress => ({ task_id: 7, status: 'running', progress: value, message });

/** Each test on channels of its own, so nothing published by another test or run can reach it. */
const freshNamespace = () => `test_${randomBytes(6).toString('hex')}`;
const wire = (namespace: string, channel: EventChannel) => `${namespace}.${channel}`;

interface LogEntry {
  level: 'info' | 'warn' | 'error';
  obj: object;
  msg: string;
}

function recordingLog() {
  const entries: LogEntry[] = [];
  const waiters: { match: (e: LogEntry) => boolean; resolve: () => void }[] = [];
  const record = (level: LogEntry['level']) => (obj: object, msg: string) => {
    const entry = { level, obj, msg };
    entries.push(entry);
    for (const waiter of [...waiters]) {
      if (waiter.match(entry)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  };
  const log: EventLog = { info: record('info'), warn: record('warn'), error: record('error') };
  return {
    log,
    entries,
    /** Resolves once `count` entries match, counting those already logged. */
    waitFor(match: (e: LogEntry) => boolean, count = 1): Promise<void> {
      return new Promise((resolve) => {
        let seen = entries.filter(match).length;
        if (seen >= count) return resolve();
        waiters.push({
          match: (e) => match(e) && ++seen >= count,
          resolve,
        });
      });
    },
  };
}

/** A handler that keeps what it receives and lets a test wait for the n-th message. */
function inbox() {
  const received: Progress[] = [];
  const waiters: { count: number; resolve: (messages: Progress[]) => void }[] = [];
  return {
    received,
    handler: (message: Progress) => {
      received.push(message);
      for (const waiter of [...waiters]) {
        if (received.length >= waiter.count) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve([...received]);
        }
      }
    },
    upTo(count: number): Promise<Progress[]> {
      if (received.length >= count) return Promise.resolve([...received]);
      return new Promise((resolve) => waiters.push({ count, resolve }));
    },
  };
}

const open: EventBus[] = [];
function track<T extends EventBus>(bus: T): T {
  open.push(bus);
  return bus;
}
afterEach(async () => {
  await Promise.all(open.splice(0).map((bus) => bus.close()));
});

interface Kind {
  name: string;
  /** A publishing and a subscribing bus, as in two processes; in process, one bus twice. */
  pair(log: EventLog, namespace: string): { publisher: EventBus; subscriber: EventBus };
  /** Sends a payload past the bus, as a stray or foreign publisher would. */
  rawPublish?: (name: string, payload: string) => Promise<void>;
}

const kinds: Kind[] = [
  {
    name: 'in process',
    pair(log, namespace) {
      const bus = track(memoryEventBus({ log, namespace }));
      return { publisher: bus, subscriber: bus };
    },
  },
  {
    name: 'Redis pub/sub',
    pair: (log, namespace) => ({
      publisher: track(redisEventBus({ url: redisUrl, log, namespace })),
      subscriber: track(redisEventBus({ url: redisUrl, log, namespace })),
    }),
    async rawPublish(name, payload) {
      const redis = new Redis(redisUrl);
      try {
        await redis.publish(name, payload);
      } finally {
        await redis.quit();
      }
    },
  },
];
if (pgUrl) {
  kinds.push({
    name: 'PostgreSQL LISTEN/NOTIFY',
    pair: (log, namespace) => ({
      publisher: track(postgresEventBus({ url: pgUrl, log, namespace })),
      subscriber: track(postgresEventBus({ url: pgUrl, log, namespace })),
    }),
    async rawPublish(name, payload) {
      await withPg((client) => client.query('select pg_notify($1, $2)', [name, payload]));
    },
  });
}

async function withPg<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

describe.each(kinds.filter((k) => redisUp || k.name !== 'Redis pub/sub'))('events: $name', (kind) => {
  it('delivers a message published on one bus to a subscriber on another, in order', async () => {
    const { log } = recordingLog();
    const { publisher, subscriber } = kind.pair(log, freshNamespace());
    const got = inbox();
    await subscriber.subscribe('task.progress', got.handler);

    await publisher.publish('task.progress', progress(10, '正在下载原文'));
    await publisher.publish('task.progress', { task_id: 7, status: 'done', progress: 100, message: null });

    expect(await got.upTo(2)).toEqual([progress(10, '正在下载原文'), { task_id: 7, status: 'done', progress: 100, message: null }]);
  });

  it('stops delivery on unsubscribe, and listens again after the last handler went', async () => {
    const { log } = recordingLog();
    const { publisher, subscriber } = kind.pair(log, freshNamespace());
    const gone = inbox();
    const stays = inbox();
    const unsubscribeGone = await subscriber.subscribe('task.progress', gone.handler);
    const unsubscribeStays = await subscriber.subscribe('task.progress', stays.handler);

    unsubscribeGone();
    unsubscribeGone();
    await publisher.publish('task.progress', progress(1));
    expect(await stays.upTo(1)).toEqual([progress(1)]);
    expect(gone.received).toEqual([]);

    // The last handler going ends the subscription itself; a new one must start it again.
    unsubscribeStays();
    const later = inbox();
    await subscriber.subscribe('task.progress', later.handler);
    await publisher.publish('task.progress', progress(2));
    expect(await later.upTo(1)).toEqual([progress(2)]);
    expect(stays.received).toEqual([progress(1)]);
    expect(gone.received).toEqual([]);
  });

  it('delivers twice to a handler subscribed twice, and unsubscribes each separately', async () => {
    const { log } = recordingLog();
    const { publisher, subscriber } = kind.pair(log, freshNamespace());
    const got = inbox();
    const first = await subscriber.subscribe('task.progress', got.handler);
    await subscriber.subscribe('task.progress', got.handler);

    await publisher.publish('task.progress', progress(1));
    expect(await got.upTo(2)).toEqual([progress(1), progress(1)]);
    first();
    await publisher.publish('task.progress', progress(2));
    await publisher.publish('task.progress', progress(3));
    expect(await got.upTo(4)).toEqual([progress(1), progress(1), progress(2), progress(3)]);
  });

  it('logs a handler that throws or rejects and still delivers to the others', async () => {
    const recorder = recordingLog();
    const { publisher, subscriber } = kind.pair(recorder.log, freshNamespace());
    await subscriber.subscribe('task.progress', () => {
      throw new Error('handler broke');
    });
    await subscriber.subscribe('task.progress', async () => {
      throw new Error('handler rejected');
    });
    const got = inbox();
    await subscriber.subscribe('task.progress', got.handler);

    await publisher.publish('task.progress', progress(5));
    await publisher.publish('task.progress', progress(6));

    expect(await got.upTo(2)).toEqual([progress(5), progress(6)]);
    await recorder.waitFor((e) => e.level === 'error' && e.msg === 'event handler failed', 4);
  });

  it('refuses a message over the NOTIFY limit and carries one at the limit', async () => {
    const { log } = recordingLog();
    const { publisher, subscriber } = kind.pair(log, freshNamespace());
    const got = inbox();
    await subscriber.subscribe('task.progress', got.handler);
    const room = MAX_EVENT_BYTES - Buffer.byteLength(JSON.stringify(progress(1, '')));

    await expect(publisher.publish('task.progress', progress(1, 'a'.repeat(room + 1)))).rejects.toThrow(EventTooLargeError);
    // Bytes, not characters: 2700 Chinese characters are 8100 bytes of UTF-8.
    await expect(publisher.publish('task.progress', progress(1, '长'.repeat(2700)))).rejects.toThrow(/8\d{3} bytes/);

    const largest = progress(2, 'a'.repeat(room));
    await publisher.publish('task.progress', largest);
    expect(await got.upTo(1)).toEqual([largest]);
  });

  it('refuses a message that does not fit its channel', async () => {
    const { log } = recordingLog();
    const { publisher } = kind.pair(log, freshNamespace());
    const bad = { task_id: 7, status: 'paused', progress: 1, message: null } as unknown as Progress;
    await expect(publisher.publish('task.progress', bad)).rejects.toThrow();
    await expect(publisher.publish('no.such' as EventChannel, progress(1))).rejects.toThrow(/invalid event channel/);
  });

  const rawPublish = kind.rawPublish;
  if (rawPublish) {
    it('drops, with a warning, a payload from elsewhere that is not a valid message', async () => {
      const recorder = recordingLog();
      const namespace = freshNamespace();
      const { publisher, subscriber } = kind.pair(recorder.log, namespace);
      const got = inbox();
      await subscriber.subscribe('task.progress', got.handler);

      await rawPublish(wire(namespace, 'task.progress'), 'not json');
      await rawPublish(wire(namespace, 'task.progress'), JSON.stringify({ task_id: 'seven' }));
      await publisher.publish('task.progress', progress(9));

      expect(await got.upTo(1)).toEqual([progress(9)]);
      await recorder.waitFor((e) => e.level === 'warn' && e.msg.startsWith('event dropped'), 2);
    });
  }

  it('refuses publishing and subscribing once closed', async () => {
    const { log } = recordingLog();
    const { publisher, subscriber } = kind.pair(log, freshNamespace());
    await subscriber.subscribe('task.progress', () => undefined);
    await publisher.close();
    await subscriber.close();
    await subscriber.close();
    await expect(publisher.publish('task.progress', progress(1))).rejects.toThrow(EventBusClosedError);
    await expect(subscriber.subscribe('task.progress', () => undefined)).rejects.toThrow(EventBusClosedError);
  });
});

describe('events: channel names and choice of bus', () => {
  it('refuses a namespace that is not an identifier or makes channel names too long for PostgreSQL', () => {
    const { log } = recordingLog();
    expect(() => memoryEventBus({ log, namespace: 'Bad-Name' })).toThrow(/invalid event namespace/);
    expect(() => memoryEventBus({ log, namespace: 'a; drop table tasks' })).toThrow(/invalid event namespace/);
    expect(() => memoryEventBus({ log, namespace: 'n'.repeat(50) })).toThrow(/invalid event channel/);
  });

  it('picks Redis when configured, else PostgreSQL for a PostgreSQL database, else in process', async () => {
    const { log } = recordingLog();
    const postgres = { kind: 'postgres', url: 'postgres://postgres@127.0.0.1:5432/postgres' } as const;
    const sqlite = { kind: 'sqlite', file: ':memory:' } as const;
    expect(track(openEventBus({ redisUrl, database: sqlite, log })).kind).toBe('redis');
    expect(track(openEventBus({ redisUrl, database: postgres, log })).kind).toBe('redis');
    // A PostgreSQL bus connects at its first use, so choosing it needs no server.
    expect(track(openEventBus({ redisUrl: null, database: postgres, log })).kind).toBe('postgres');
    expect(track(openEventBus({ redisUrl: null, database: sqlite, log })).kind).toBe('memory');
  });
});

describe.skipIf(!pgUrl)('events: PostgreSQL listener', () => {
  const url = pgUrl ?? '';

  it('has the same payload limit as the server', async () => {
    await withPg(async (client) => {
      await client.query('select pg_notify($1, repeat($2, $3))', ['changdu_limit_probe', 'a', MAX_EVENT_BYTES]);
      await expect(client.query('select pg_notify($1, repeat($2, $3))', ['changdu_limit_probe', 'a', MAX_EVENT_BYTES + 1])).rejects.toThrow(
        /payload string too long/,
      );
    });
  });

  it('survives pg_terminate_backend of its own connection and receives what is published afterwards', async () => {
    const recorder = recordingLog();
    const namespace = freshNamespace();
    const applicationName = `changdu_events_${randomBytes(6).toString('hex')}`;
    let listening = 0;
    let resume: (() => void) | null = null;
    const subscriber = track(
      postgresEventBus({
        url,
        log: recorder.log,
        namespace,
        applicationName,
        onListening: () => {
          listening += 1;
          resume?.();
        },
      }),
    );
    const publisher = track(postgresEventBus({ url, log: recorder.log, namespace }));
    const got = inbox();
    await subscriber.subscribe('task.progress', got.handler);
    expect(listening).toBe(1);
    await publisher.publish('task.progress', progress(1));
    expect(await got.upTo(1)).toEqual([progress(1)]);

    const relistened = new Promise<void>((resolve) => {
      resume = () => listening === 2 && resolve();
    });
    const terminated = await withPg((client) =>
      client.query<{ ok: boolean }>('select pg_terminate_backend(pid) as ok from pg_stat_activity where application_name = $1', [
        applicationName,
      ]),
    );
    expect(terminated.rows).toEqual([{ ok: true }]);
    await relistened;
    await recorder.waitFor((e) => e.level === 'warn' && e.msg.startsWith('event listener connection lost'));
    await recorder.waitFor((e) => e.level === 'info' && e.msg === 'event listener reconnected');

    await publisher.publish('task.progress', progress(2));
    expect(await got.upTo(2)).toEqual([progress(1), progress(2)]);
  });
});
