import { taskSchema } from '@changdu/contract';
import { z } from 'zod';

/**
 * Every channel and the shape of its messages. Messages cross process boundaries as JSON, so
 * a receiver checks them against the same schema: a process of another build (during a rolling
 * deploy) or a stray publisher cannot hand a handler a message of the wrong shape.
 */
export const eventSchemas = {
  /** A task's row changed (progress, status or message); the row in `tasks` stays the truth. */
  'task.progress': taskSchema.pick({ status: true, progress: true, message: true }).extend({ task_id: taskSchema.shape.id }),
  /** A task was queued: workers in any process wake at once instead of at their next poll. */
  'task.queued': z.object({ task_id: taskSchema.shape.id, type: z.string() }),
  /**
   * A reader added or removed a word: every other process drops the headwords it keeps for them
   * (words/word-book-sets.ts). `from` names the copy that made the change, which has brought its own up to date.
   */
  'word_book.changed': z.object({ user_id: z.number().int().positive(), from: z.string().max(64).optional() }),
  /** A reader's row changed or a token of theirs was revoked: every process drops the sessions it keeps for them (auth/sessions.ts). */
  'session.changed': z.object({ user_id: z.number().int().positive(), from: z.string().max(64).optional() }),
} as const;

export type EventChannel = keyof typeof eventSchemas;
export type EventMessage<C extends EventChannel> = z.infer<(typeof eventSchemas)[C]>;
export type EventHandler<C extends EventChannel> = (message: EventMessage<C>) => void | Promise<void>;
/** Stops delivery to one handler at once; calling it again does nothing. */
export type Unsubscribe = () => void;

export interface EventLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * Publish/subscribe across the processes of one deployment. Delivery is at most once: a message
 * published while a subscriber's connection is down is lost, so subscribers treat events as
 * hints and read the database for the state itself.
 */
export interface EventBus {
  readonly kind: 'memory' | 'postgres' | 'redis';
  /** Resolves once the message is handed to the transport; refuses messages over MAX_EVENT_BYTES. */
  publish<C extends EventChannel>(channel: C, message: EventMessage<C>): Promise<void>;
  /** Resolves once messages published from then on reach `handler`. */
  subscribe<C extends EventChannel>(channel: C, handler: EventHandler<C>): Promise<Unsubscribe>;
  close(): Promise<void>;
}

/**
 * PostgreSQL refuses NOTIFY payloads of 8000 bytes or more (default build). Every bus keeps to
 * it, so a message that works on one machine in process cannot fail once deployed on PostgreSQL.
 */
export const MAX_EVENT_BYTES = 7999;

export class EventTooLargeError extends Error {
  constructor(channel: string, bytes: number) {
    super(`event on ${channel} is ${bytes} bytes as JSON; at most ${MAX_EVENT_BYTES} fit (PostgreSQL NOTIFY limit)`);
  }
}

export class EventBusClosedError extends Error {
  constructor() {
    super('the event bus is closed');
  }
}

export const DEFAULT_NAMESPACE = 'changdu';

const NAMESPACE = /^[a-z][a-z0-9_]*$/;
const CHANNEL = /^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)*$/;
// PostgreSQL identifiers, and so LISTEN channels, keep at most 63 bytes.
const MAX_CHANNEL_BYTES = 63;

/** Checked when a bus is made, so a bad namespace stops start-up rather than the first event. */
export function checkNamespace(namespace: string): string {
  if (!NAMESPACE.test(namespace)) throw new Error(`invalid event namespace ${JSON.stringify(namespace)}: use a-z, 0-9 and _`);
  for (const channel of Object.keys(eventSchemas)) wireName(namespace, channel);
  return namespace;
}

/**
 * The name a channel has on the wire: prefixed by the deployment's namespace, because Redis
 * pub/sub channels are shared by every database number and every app on one server.
 */
export function wireName(namespace: string, channel: string): string {
  const name = `${namespace}.${channel}`;
  if (!Object.hasOwn(eventSchemas, channel) || !CHANNEL.test(name) || Buffer.byteLength(name) > MAX_CHANNEL_BYTES) {
    throw new Error(`invalid event channel ${JSON.stringify(name)}`);
  }
  return name;
}

/** The JSON a message travels as, checked against its channel's schema and the size limit. */
export function encodeEvent<C extends EventChannel>(channel: C, message: EventMessage<C>): string {
  const payload = JSON.stringify(eventSchemas[channel].parse(message));
  const bytes = Buffer.byteLength(payload);
  if (bytes > MAX_EVENT_BYTES) throw new EventTooLargeError(channel, bytes);
  return payload;
}
