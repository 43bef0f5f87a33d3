/**
 * Domain errors: services throw these and know nothing of HTTP. The one error handler
 * (http/error-handler.ts) maps each kind to the envelope code and status.
 */
export type DomainErrorKind = 'invalid' | 'unauthenticated' | 'forbidden' | 'not_found' | 'conflict' | 'too_many' | 'unavailable';

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    /** A message for the learner, in Simplified Chinese; the handler's default for the kind when absent. */
    message?: string,
  ) {
    super(message ?? '');
  }
}

export class Invalid extends DomainError {
  constructor(message: string) {
    super('invalid', message);
  }
}
export class Unauthorized extends DomainError {
  constructor(message?: string) {
    super('unauthenticated', message);
  }
}
export class Forbidden extends DomainError {
  constructor(message?: string) {
    super('forbidden', message);
  }
}
export class NotFound extends DomainError {
  constructor(message?: string) {
    super('not_found', message);
  }
}
export class Conflict extends DomainError {
  constructor(message: string) {
    super('conflict', message);
  }
}
export class TooMany extends DomainError {
  constructor(
    message?: string,
    /** Seconds until trying again can succeed; the handler sends it as `Retry-After`. */
    readonly retryAfterSec?: number,
  ) {
    super('too_many', message);
  }

  /** "<what>，请 N 秒/分钟后再试" with the wait as `Retry-After`: the one wording of a limit's wait. */
  static after(seconds: number, what = '操作太频繁'): TooMany {
    const wait = Math.max(1, Math.ceil(seconds));
    return new TooMany(`${what}，请 ${wait > 90 ? `${Math.ceil(wait / 60)} 分钟` : `${wait} 秒`}后再试`, wait);
  }
}
export class Unavailable extends DomainError {
  constructor(message?: string) {
    super('unavailable', message);
  }
}
