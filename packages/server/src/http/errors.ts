import { defaultMessages, type Code } from '@changdu/contract';

/**
 * Domain errors: services throw these and know nothing of HTTP. One handler
 * (http/error-handler.ts) turns them into the envelope with a matching status.
 */
export class AppError extends Error {
  constructor(
    readonly code: Exclude<Code, '200'>,
    message?: string,
  ) {
    super(message ?? defaultMessages[code]);
  }
}

export class Invalid extends AppError {
  constructor(message: string) {
    super('400', message);
  }
}
export class Unauthorized extends AppError {
  constructor(message?: string) {
    super('401', message);
  }
}
export class Forbidden extends AppError {
  constructor(message?: string) {
    super('403', message);
  }
}
export class NotFound extends AppError {
  constructor(message?: string) {
    super('404', message);
  }
}
export class Conflict extends AppError {
  constructor(message: string) {
    super('409', message);
  }
}
export class TooMany extends AppError {
  constructor(message?: string) {
    super('429', message);
  }
}
export class Unavailable extends AppError {
  constructor(message?: string) {
    super('503', message);
  }
}
