/**
 * Single-flight for provider calls: identical requests (same cache key) that arrive while one is
 * being answered ride on that one call instead of paying for another. The first request starts
 * the call; the text is buffered as it arrives, so a request that joins late still gets every
 * chunk from the start, then the live ones, then the same final result. The call is cancelled
 * only when every request riding on it has gone away.
 */

/** What a started call gives the flight: the answer's text as it arrives, and what to do with the whole of it. */
export interface FlightSource<T> {
  chunks: AsyncIterable<string>;
  /** Runs once the text is complete (stores it); its result is every rider's result. */
  finish: (text: string) => Promise<T>;
}

/** One answer being produced, as each rider sees it. */
export interface Flight<T> {
  /** The text from its first chunk on (replayed, then live); throws what the call threw. */
  chunks(): AsyncIterable<string>;
  /** The final result, after `finish`. */
  result(): Promise<T>;
}

class Running<T> implements Flight<T> {
  private readonly parts: string[] = [];
  private textDone = false;
  private failure: { error: unknown } | null = null;
  private waiting: (() => void)[] = [];
  private riders = 0;
  private readonly leaving: (() => void)[] = [];
  readonly controller = new AbortController();
  private settle!: { resolve: (value: T) => void; reject: (error: unknown) => void };
  private readonly final = new Promise<T>((resolve, reject) => (this.settle = { resolve, reject }));

  constructor() {
    // A result nobody asked for (every rider left) must not surface as an unhandled rejection.
    this.final.catch(() => undefined);
  }

  /** A request rides on this call until its signal aborts; without a signal it stays to the end. */
  board(signal: AbortSignal | undefined) {
    this.riders++;
    if (!signal) return;
    const leave = () => {
      if (--this.riders === 0 && !this.textDone) this.controller.abort();
    };
    if (signal.aborted) return leave();
    signal.addEventListener('abort', leave, { once: true });
    this.leaving.push(() => signal.removeEventListener('abort', leave));
  }

  async pump(source: FlightSource<T>) {
    try {
      for await (const chunk of source.chunks) {
        this.parts.push(chunk);
        this.wake();
      }
    } catch (error) {
      this.failure = { error };
    }
    this.textDone = true;
    this.wake();
    for (const off of this.leaving.splice(0)) off();
    if (this.failure) return this.settle.reject(this.failure.error);
    try {
      this.settle.resolve(await source.finish(this.parts.join('')));
    } catch (error) {
      this.settle.reject(error);
    }
  }

  private wake() {
    for (const resolve of this.waiting.splice(0)) resolve();
  }

  async *chunks(): AsyncGenerator<string> {
    let next = 0;
    for (;;) {
      while (next < this.parts.length) yield this.parts[next++]!;
      if (this.textDone) {
        if (this.failure) throw this.failure.error;
        return;
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
  }

  result(): Promise<T> {
    return this.final;
  }
}

export function flights() {
  const running = new Map<string, { run: Running<unknown>; started: Promise<void> }>();
  return {
    /**
     * Rides on the call in flight under `key`, or starts it with `start` (given the signal that
     * aborts when every rider has left). When `start` fails, every request that joined meanwhile
     * fails the same way. `joined` is true for a request that rode on another's call.
     */
    async join<T>(
      key: string,
      signal: AbortSignal | undefined,
      start: (signal: AbortSignal) => Promise<FlightSource<T>>,
    ): Promise<{ flight: Flight<T>; joined: boolean }> {
      const found = running.get(key);
      if (found) {
        found.run.board(signal);
        await found.started;
        return { flight: found.run as Running<T>, joined: true };
      }
      const run = new Running<T>();
      run.board(signal);
      const started = start(run.controller.signal).then((source) => {
        // Leaves the map only once the result is final, so nobody falls between the flight and the cache.
        void run.pump(source).finally(() => running.delete(key));
      });
      running.set(key, { run: run as Running<unknown>, started });
      try {
        await started;
      } catch (error) {
        running.delete(key);
        throw error;
      }
      return { flight: run, joined: false };
    },
    /** Calls in flight (for tests). */
    get size() {
      return running.size;
    },
  };
}

export type Flights = ReturnType<typeof flights>;
