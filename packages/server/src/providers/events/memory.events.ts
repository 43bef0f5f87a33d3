import { EventEmitter } from 'node:events';
import { DEFAULT_NAMESPACE, EventBusClosedError, checkNamespace, encodeEvent, wireName, type EventBus, type EventLog } from './events.js';
import { Subscribers } from './subscribers.js';

/**
 * Events within this process only: the default for one process on SQLite. Messages still travel
 * as checked JSON and reach handlers asynchronously, so code behaves as it will on the other buses.
 */
export function memoryEventBus(options: { log: EventLog; namespace?: string }): EventBus {
  const namespace = checkNamespace(options.namespace ?? DEFAULT_NAMESPACE);
  const emitter = new EventEmitter();
  const listeners = new Map<string, (payload: string) => void>();
  let closed = false;

  const subscribers = new Subscribers(namespace, options.log, {
    async start(name) {
      const listener = (payload: string) => subscribers.deliver(name, payload);
      listeners.set(name, listener);
      emitter.on(name, listener);
    },
    stop(name) {
      const listener = listeners.get(name);
      if (listener) emitter.off(name, listener);
      listeners.delete(name);
    },
  });

  return {
    kind: 'memory',
    async publish(channel, message) {
      if (closed) throw new EventBusClosedError();
      const name = wireName(namespace, channel);
      const payload = encodeEvent(channel, message);
      // Never inside the publisher's call stack (it may be mid-transaction), as over a network.
      queueMicrotask(() => emitter.emit(name, payload));
    },
    async subscribe(channel, handler) {
      if (closed) throw new EventBusClosedError();
      return subscribers.add(channel, handler);
    },
    async close() {
      closed = true;
      emitter.removeAllListeners();
      listeners.clear();
    },
  };
}
