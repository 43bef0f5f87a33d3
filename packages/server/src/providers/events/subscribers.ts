import { eventSchemas, wireName, type EventChannel, type EventHandler, type EventLog, type Unsubscribe } from './events.js';

type AnyHandler = (message: unknown) => void | Promise<void>;

interface Entry {
  readonly channel: EventChannel;
  /** One object per subscription, so the same function subscribed twice is two subscriptions. */
  readonly subscriptions: Set<{ readonly handler: AnyHandler }>;
  readonly live: Promise<void>;
}

export interface Transport {
  /** Begins listening on a wire name; resolves once messages published from then on arrive. */
  start(name: string): Promise<void>;
  /** The last handler of a wire name went. Runs in the background, so it reports its own failures. */
  stop(name: string): void;
}

/**
 * The handlers of one bus by wire name, and delivery to them. Each transport only starts and
 * stops listening on a wire name and feeds what arrives to `deliver`, so all three buses behave
 * alike: messages checked against their schema, one failing handler never stopping the others.
 */
export class Subscribers {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly namespace: string,
    private readonly log: EventLog,
    private readonly transport: Transport,
  ) {}

  /** Adds a handler; resolves when its wire name is live, and leaves nothing behind if that failed. */
  async add<C extends EventChannel>(channel: C, handler: EventHandler<C>): Promise<Unsubscribe> {
    const name = wireName(this.namespace, channel);
    let entry = this.entries.get(name);
    if (!entry) {
      entry = { channel, subscriptions: new Set(), live: this.transport.start(name) };
      this.entries.set(name, entry);
    }
    const current = entry;
    // Sound: deliver() parses each message with the schema of `channel` before a handler sees it.
    const subscription = { handler: handler as AnyHandler };
    current.subscriptions.add(subscription);
    try {
      await current.live;
    } catch (error) {
      current.subscriptions.delete(subscription);
      if (current.subscriptions.size === 0 && this.entries.get(name) === current) this.entries.delete(name);
      throw error;
    }
    return () => {
      if (!current.subscriptions.delete(subscription)) return;
      if (current.subscriptions.size === 0 && this.entries.get(name) === current) {
        this.entries.delete(name);
        this.transport.stop(name);
      }
    };
  }

  names(): string[] {
    return [...this.entries.keys()];
  }

  /** Hands a payload to every handler of `name`; a bad payload or a failing handler is logged. */
  deliver(name: string, payload: string): void {
    const entry = this.entries.get(name);
    if (!entry) return;
    let message: unknown;
    try {
      message = eventSchemas[entry.channel].parse(JSON.parse(payload));
    } catch (err) {
      this.log.warn({ err, channel: name, payload: payload.slice(0, 200) }, 'event dropped: not a valid message for its channel');
      return;
    }
    // A copy: a handler may unsubscribe itself or others while this runs.
    for (const { handler } of [...entry.subscriptions]) {
      try {
        const result = handler(message);
        if (result instanceof Promise) result.catch((err: unknown) => this.handlerFailed(name, err));
      } catch (err) {
        this.handlerFailed(name, err);
      }
    }
  }

  private handlerFailed(name: string, err: unknown): void {
    this.log.error({ err, channel: name }, 'event handler failed');
  }
}
