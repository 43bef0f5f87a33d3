import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/**
 * The outbox: writes made while the network was away, kept in IndexedDB until the server has
 * them. Used by the page (api/hooks.ts through offline/writes.ts) and by the service worker
 * (a Background Sync sends it with no page open), so it holds each write as the request itself.
 *
 * - Order: writes go out in the order they were made (an auto-increment `seq`).
 * - Idempotency: each write carries its server key (a note's uuid, a word's headword, a review's
 *   key). A second write with the same key while the first still waits replaces it in place: the
 *   server upserts by that key, so only the last state needs to travel.
 * - A write the server refuses (4xx: the note is gone, the word is not English) is kept as failed
 *   with the server's message, for the reader to see; the writes after it still go.
 * - The network away, or the server failing (5xx), stops the run: the write and all after it wait
 *   for the next one. A write that failed on the server five times is kept as failed.
 * - Logged out (401): the writes wait until the reader logs in again.
 */

export interface OutboxWrite {
  seq?: number;
  /** `endpoint:key`, the server's idempotency key of the write. */
  key: string;
  /** What the reader did, as they would say it: 加入生词本：negotiate. */
  label: string;
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | null;
  state: 'waiting' | 'failed';
  attempts: number;
  /** The last failure in the reader's words, or null. */
  error: string | null;
  created_at: number;
}

interface OutboxDb extends DBSchema {
  writes: { key: number; value: OutboxWrite; indexes: { key: string } };
}

export const OUTBOX_DB = 'changdu-outbox';
export const MAX_ATTEMPTS = 5;

export type Outcome =
  | { kind: 'sent' }
  /** The network is away: stop, try again later. */
  | { kind: 'offline' }
  /** The server cannot take it now (5xx) or the session is gone (401): stop and count. */
  | { kind: 'later'; msg: string; counts: boolean }
  /** The server refused it (4xx): it will never succeed as it is. */
  | { kind: 'refused'; msg: string };

export type Sender = (write: OutboxWrite) => Promise<Outcome>;

let opened: Promise<IDBPDatabase<OutboxDb>> | null = null;

function db(): Promise<IDBPDatabase<OutboxDb>> {
  opened ??= openDB<OutboxDb>(OUTBOX_DB, 1, {
    upgrade(database) {
      const store = database.createObjectStore('writes', { keyPath: 'seq', autoIncrement: true });
      store.createIndex('key', 'key', { unique: false });
    },
  });
  return opened;
}

/** Tells open pages (and the page's hook) that the outbox changed. */
function announce(): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(OUTBOX_DB);
  channel.postMessage('changed');
  channel.close();
}

/** Calls `onChange` whenever any context changes the outbox; returns a stop function. */
export function watchOutbox(onChange: () => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => {};
  const channel = new BroadcastChannel(OUTBOX_DB);
  channel.onmessage = () => onChange();
  return () => channel.close();
}

/** Adds a write (or replaces the waiting one with its key, in its place). */
export async function enqueue(write: Omit<OutboxWrite, 'seq' | 'state' | 'attempts' | 'error' | 'created_at'>): Promise<void> {
  const database = await db();
  const tx = database.transaction('writes', 'readwrite');
  const same = (await tx.store.index('key').getAll(write.key)).find((w) => w.state === 'waiting');
  const fresh = { ...write, state: 'waiting' as const, attempts: 0, error: null, created_at: Date.now() };
  await tx.store.put(same ? { ...fresh, seq: same.seq } : fresh);
  await tx.done;
  announce();
}

/** Every write kept, in the order made. */
export async function outboxWrites(): Promise<OutboxWrite[]> {
  return (await db()).getAll('writes');
}

export async function waitingCount(): Promise<number> {
  return (await outboxWrites()).filter((w) => w.state === 'waiting').length;
}

/** Forgets the failed writes (the reader has read why). */
export async function dismissFailed(): Promise<void> {
  const database = await db();
  const tx = database.transaction('writes', 'readwrite');
  for (const w of await tx.store.getAll()) if (w.state === 'failed' && w.seq !== undefined) await tx.store.delete(w.seq);
  await tx.done;
  announce();
}

/** Empties the outbox (logging out after the reader agreed to drop what had not been sent). */
export async function clearOutbox(): Promise<void> {
  await (await db()).clear('writes');
  announce();
}

/** Sends a kept write as it was made: the Response decides the outcome (the API's envelope). */
export const sendWrite: Sender = async (write) => {
  let response: Response;
  let body: unknown;
  try {
    response = await fetch(write.url, { method: write.method, headers: write.headers, body: write.body, credentials: 'same-origin' });
    body = await response.json();
  } catch {
    return { kind: 'offline' };
  }
  const status = (body as { status?: { code?: unknown; msg?: unknown } } | null)?.status;
  const code = typeof status?.code === 'string' ? status.code : String(response.status);
  const msg = typeof status?.msg === 'string' && status.msg ? status.msg : '服务器暂时无法保存';
  if (code === '200') return { kind: 'sent' };
  if (response.status === 401 || code === '401') return { kind: 'later', msg: '登录已失效：重新登录后再发送', counts: false };
  if (code.startsWith('4')) return { kind: 'refused', msg };
  return { kind: 'later', msg, counts: true };
};

async function run(send: Sender): Promise<void> {
  const database = await db();
  const writes = await database.getAll('writes');
  for (const write of writes) {
    if (write.state !== 'waiting') continue;
    const outcome = await send(write);
    if (outcome.kind === 'sent') {
      await database.delete('writes', write.seq!);
      announce();
      continue;
    }
    if (outcome.kind === 'offline') return;
    if (outcome.kind === 'refused') {
      await database.put('writes', { ...write, state: 'failed', attempts: write.attempts + 1, error: outcome.msg });
      announce();
      continue;
    }
    const attempts = write.attempts + (outcome.counts ? 1 : 0);
    await database.put('writes', { ...write, attempts, error: outcome.msg, state: attempts >= MAX_ATTEMPTS ? 'failed' : 'waiting' });
    announce();
    // Later writes may build on this one (a note edited after it was made): they wait too.
    return;
  }
}

let running: Promise<void> | null = null;

/**
 * Sends the waiting writes, in order, once at a time: in this context by a promise, across the
 * page and the worker by a Web Lock where there is one (the server's keys make a rare double
 * send harmless anyway).
 */
export function flushOutbox(send: Sender = sendWrite): Promise<void> {
  running ??= (async () => {
    try {
      const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
      if (locks) await locks.request(OUTBOX_DB, () => run(send));
      else await run(send);
    } finally {
      running = null;
    }
  })();
  return running;
}

/** For tests: forget the open connection, so a fresh fake IndexedDB starts empty. */
export function closeOutboxForTests(): void {
  void opened?.then((d) => d.close());
  opened = null;
}
