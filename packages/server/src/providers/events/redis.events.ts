import type { Redis } from 'ioredis';
import { openRedis } from '../redis/redis.js';
import { DEFAULT_NAMESPACE, EventBusClosedError, checkNamespace, encodeEvent, wireName, type EventBus, type EventLog } from './events.js';
import { Subscribers } from './subscribers.js';

/**
 * Redis pub/sub. A connection that subscribes can do nothing else, hence two: one publishes,
 * one subscribes. ioredis reconnects both and subscribes again to every channel by itself.
 */
export function redisEventBus(options: { url: string; log: EventLog; namespace?: string }): EventBus {
  const namespace = checkNamespace(options.namespace ?? DEFAULT_NAMESPACE);
  const { log } = options;
  const publisher = openRedis(options.url, log);
  const subscriber = openRedis(options.url, log);
  const pending = new Set<Promise<void>>();
  let closed = false;

  const subscribers = new Subscribers(namespace, log, {
    async start(name) {
      await subscriber.subscribe(name);
    },
    stop(name) {
      const done = subscriber.unsubscribe(name).then(
        () => undefined,
        (err: unknown) => {
          if (!closed) log.warn({ err, channel: name }, 'event unsubscribe failed');
        },
      );
      pending.add(done);
      void done.finally(() => pending.delete(done));
    },
  });
  subscriber.on('message', (name: string, payload: string) => subscribers.deliver(name, payload));

  return {
    kind: 'redis',
    async publish(channel, message) {
      if (closed) throw new EventBusClosedError();
      await publisher.publish(wireName(namespace, channel), encodeEvent(channel, message));
    },
    async subscribe(channel, handler) {
      if (closed) throw new EventBusClosedError();
      return subscribers.add(channel, handler);
    },
    async close() {
      if (closed) return;
      closed = true;
      await Promise.all(pending);
      await Promise.all([quit(publisher), quit(subscriber)]);
    },
  };
}

async function quit(redis: Redis): Promise<void> {
  // QUIT needs a live connection; one still reconnecting is simply dropped.
  if (redis.status === 'ready') {
    await redis.quit().catch(() => redis.disconnect());
  } else {
    redis.disconnect();
  }
}
