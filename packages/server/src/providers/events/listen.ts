import type { EventBus, EventChannel, EventHandler, EventLog, Unsubscribe } from './events.js';

export interface Listening {
  /** True once messages published from now on reach the handler. */
  readonly live: boolean;
  close(): void;
}

/**
 * Subscribes, and while the bus refuses (Redis down at start) tries again after 1 s, doubling up
 * to 30 s. For a cache that other processes' changes must reach: it keeps nothing until `live`.
 */
export function keepListening<C extends EventChannel>(bus: EventBus, channel: C, handler: EventHandler<C>, log: EventLog): Listening {
  let live = false;
  let closed = false;
  let unsubscribe: Unsubscribe | null = null;
  let retry: NodeJS.Timeout | null = null;
  const attempt = (delayMs: number): void => {
    bus.subscribe(channel, handler).then(
      (stop) => {
        if (closed) return stop();
        unsubscribe = stop;
        live = true;
      },
      (err: unknown) => {
        if (closed) return;
        log.warn({ err, channel }, 'not listening for changes yet; trying again');
        retry = setTimeout(() => attempt(Math.min(delayMs * 2, 30_000)), delayMs);
        retry.unref();
      },
    );
  };
  attempt(1000);
  return {
    get live() {
      return live;
    },
    close() {
      closed = true;
      live = false;
      if (retry) clearTimeout(retry);
      unsubscribe?.();
    },
  };
}
