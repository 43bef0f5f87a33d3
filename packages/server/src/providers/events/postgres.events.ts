import type pg from 'pg';
import { loadPg } from '../../db/pg.js';
import { DEFAULT_NAMESPACE, EventBusClosedError, checkNamespace, encodeEvent, wireName, type EventBus, type EventLog } from './events.js';
import { Subscribers } from './subscribers.js';

export interface PostgresEventBusOptions {
  url: string;
  log: EventLog;
  namespace?: string;
  /** Names the listening connection in pg_stat_activity. */
  applicationName?: string;
  /** Called each time the listening connection is up with every live channel listened: at first and after each reconnect. */
  onListening?: () => void;
}

const FIRST_RETRY_MS = 100;
const MAX_RETRY_MS = 10_000;
// A server that never answers would otherwise hold a connect, and close(), for minutes.
const CONNECT_TIMEOUT_MS = 10_000;

/** One connection of the listener, with the LISTENs issued on it. */
interface Connection {
  readonly client: pg.Client;
  readonly listens: Map<string, Promise<void>>;
  up: boolean;
  gone: boolean;
}

/**
 * PostgreSQL LISTEN/NOTIFY: events without another service when the database is PostgreSQL.
 * NOTIFY goes through a one-connection pool, which keeps this process's messages in order.
 * LISTEN needs a session of its own, held by one client opened at the first subscription (a
 * process that only publishes never holds one); when that session ends it is opened again
 * with growing pauses and LISTENs again for every channel that has handlers.
 */
export function postgresEventBus(options: PostgresEventBusOptions): EventBus {
  const namespace = checkNamespace(options.namespace ?? DEFAULT_NAMESPACE);
  const { url, log } = options;
  const applicationName = options.applicationName ?? 'changdu-events';
  const pg = loadPg();

  const publisher = new pg.Pool({ connectionString: url, max: 1, idleTimeoutMillis: 30_000, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // An idle pooled client whose session ends emits here; the pool replaces it on the next query.
  publisher.on('error', (err) => log.warn({ err }, 'event publisher connection lost'));

  let closed = false;
  let started = false;
  let everUp = false;
  let latest: Connection | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let retryMs = FIRST_RETRY_MS;
  let ready = deferred<Connection>();
  const pending = new Set<Promise<void>>();

  const subscribers = new Subscribers(namespace, log, {
    start: listenUntilLive,
    stop(name) {
      // The newest connection, even one still opening: pg runs queries in order once connected.
      const conn = latest;
      if (conn && !conn.gone && conn.listens.has(name)) track(unlisten(conn, name));
    },
  });

  function open(): void {
    retryTimer = null;
    const client = new pg.Client({ connectionString: url, application_name: applicationName, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    const conn: Connection = { client, listens: new Map(), up: false, gone: false };
    latest = conn;
    client.on('notification', (n) => {
      if (n.payload !== undefined) subscribers.deliver(n.channel, n.payload);
    });
    client.on('error', (err) => lost(conn, err));
    client.on('end', () => lost(conn, new Error('connection ended')));
    void (async () => {
      try {
        await client.connect();
        await Promise.all(subscribers.names().map((name) => listen(conn, name)));
      } catch (err) {
        lost(conn, err);
        return;
      }
      if (conn.gone) return;
      conn.up = true;
      retryMs = FIRST_RETRY_MS;
      if (everUp) log.info({ channels: conn.listens.size }, 'event listener reconnected');
      everUp = true;
      ready.resolve(conn);
      try {
        options.onListening?.();
      } catch (err) {
        log.error({ err }, 'event onListening callback failed');
      }
    })();
  }

  /** Ends a connection that failed or dropped, once, and schedules the next one. */
  function lost(conn: Connection, err: unknown): void {
    if (conn.gone) return;
    conn.gone = true;
    if (ready.value === conn) ready = deferred();
    // The session is over or unusable; ending the client also ends a half-open socket.
    void conn.client.end().catch(() => undefined);
    if (closed) return;
    log.warn(
      { err, retryInMs: retryMs },
      conn.up ? 'event listener connection lost; reconnecting' : 'event listener could not connect; retrying',
    );
    retryTimer = setTimeout(open, retryMs);
    retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
  }

  async function listenUntilLive(name: string): Promise<void> {
    if (!started) {
      started = true;
      open();
    }
    for (;;) {
      if (closed) throw new EventBusClosedError();
      const conn = await ready.promise;
      try {
        await listen(conn, name);
        return;
      } catch (err) {
        // ERROR ends the statement only, and would end it again on the next connection.
        if (err instanceof pg.DatabaseError && err.severity === 'ERROR') throw err;
        // Anything else means the session is gone: wait for the next one.
        lost(conn, err);
      }
    }
  }

  function listen(conn: Connection, name: string): Promise<void> {
    let done = conn.listens.get(name);
    if (!done) {
      done = conn.client.query(`listen "${name}"`).then(
        () => undefined,
        (err: unknown) => {
          conn.listens.delete(name);
          throw err;
        },
      );
      conn.listens.set(name, done);
    }
    return done;
  }

  function unlisten(conn: Connection, name: string): Promise<void> {
    conn.listens.delete(name);
    return conn.client.query(`unlisten "${name}"`).then(
      () => undefined,
      // A lost session listens to nothing, which is what was asked.
      (err: unknown) => {
        if (!conn.gone) log.warn({ err, channel: name }, 'event unlisten failed');
      },
    );
  }

  function track(work: Promise<void>): void {
    pending.add(work);
    void work.finally(() => pending.delete(work));
  }

  return {
    kind: 'postgres',
    async publish(channel, message) {
      if (closed) throw new EventBusClosedError();
      await publisher.query('select pg_notify($1, $2)', [wireName(namespace, channel), encodeEvent(channel, message)]);
    },
    async subscribe(channel, handler) {
      if (closed) throw new EventBusClosedError();
      return subscribers.add(channel, handler);
    },
    async close() {
      if (closed) return;
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      ready.reject(new EventBusClosedError());
      await Promise.all(pending);
      const conn = latest;
      if (conn && !conn.gone) {
        // Not waiting for a connect under way: pg never settles one ended mid-way. Its
        // continuation finds the connection gone and stops.
        conn.gone = true;
        await conn.client.end();
      }
      await publisher.end();
    },
  };
}

/** A promise settled from outside, whose value can be read afterwards. */
interface Deferred<T> {
  readonly promise: Promise<T>;
  readonly value: T | undefined;
  resolve(value: T): void;
  reject(error: Error): void;
}

function deferred<T>(): Deferred<T> {
  let settle!: { resolve: (value: T) => void; reject: (error: Error) => void };
  const promise = new Promise<T>((resolve, reject) => {
    settle = { resolve, reject };
  });
  // Rejection only tells waiting subscribers the bus closed; with none waiting it is no error.
  promise.catch(() => undefined);
  let value: T | undefined;
  return {
    promise,
    get value() {
      return value;
    },
    resolve(v) {
      value = v;
      settle.resolve(v);
    },
    reject: (error) => settle.reject(error),
  };
}
