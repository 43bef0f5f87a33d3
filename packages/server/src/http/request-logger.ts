import type { FastifyBaseLogger, FastifyLogFn } from 'fastify';

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildLoggerOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
const LEVELS: readonly Level[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** The app's logger (pino): it can say whether a level would be written. */
type ParentLogger = FastifyBaseLogger & { isLevelEnabled?(level: string): boolean };

/**
 * A request's logger: pino's child bound to the request id, made when the request first writes
 * a line at a level that is enabled. Most requests write none (the access line is written at
 * info, errors at error), and making the child was ~1 µs of every request: its bindings are
 * serialised when it is made.
 */
export class RequestLogger implements FastifyBaseLogger {
  #child: FastifyBaseLogger | null = null;
  readonly #parent: ParentLogger;
  readonly #bindings: Bindings;
  readonly #options: ChildLoggerOptions;

  constructor(parent: ParentLogger, bindings: Bindings, options: ChildLoggerOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  get level(): string {
    return this.#child?.level ?? this.#options.level ?? this.#parent.level;
  }

  set level(level: string) {
    this.#made().level = level;
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#made().child(bindings, options);
  }

  #made(): FastifyBaseLogger {
    return (this.#child ??= this.#parent.child(this.#bindings, this.#options));
  }

  #write(level: Level, args: Parameters<FastifyLogFn>): void {
    // A route's own level (options.level) is the child's to judge; otherwise the app's decides.
    if (!this.#child && !this.#options.level && this.#parent.isLevelEnabled?.(level) === false) return;
    (this.#made()[level] as (...a: Parameters<FastifyLogFn>) => void)(...args);
  }

  declare fatal: FastifyLogFn;
  declare error: FastifyLogFn;
  declare warn: FastifyLogFn;
  declare info: FastifyLogFn;
  declare debug: FastifyLogFn;
  declare trace: FastifyLogFn;
  declare silent: FastifyLogFn;

  static {
    // On the prototype, so a request's logger is one small object.
    for (const level of LEVELS) {
      this.prototype[level] = function (this: RequestLogger, ...args: Parameters<FastifyLogFn>) {
        this.#write(level, args);
      } as FastifyLogFn;
    }
  }
}

/** Fastify's `childLoggerFactory`: every request's logger is a RequestLogger. */
export function requestLogger(parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
  return new RequestLogger(parent, bindings, options);
}
