import type { ServerResponse } from 'node:http';
import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
import type { RequestView } from './request-view.js';

/**
 * The access log: one line per request, written when the response is finished, with what an
 * operator reads it for — method, URL, host, caller's address, status and time (ms) — under
 * the request's id (`reqId`). Fastify wrote two (`incoming request`, then `request completed`
 * with only the status), at 15–20 % of a small answer's throughput; errors still get their own
 * line from the error handler.
 */
export class AccessLog extends LogController {
  readonly #info: boolean;

  /** `level`: the logger's level (LOG_LEVEL); below info the line of a good answer is not even built. */
  constructor(level: string) {
    super();
    this.#info = level === 'info' || level === 'debug' || level === 'trace';
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (!error && !this.#info) return;
    const log = reply.log;
    // Fastify's serializers write `req` as method, URL, host and the caller's address and port
    // (what its `incoming request` line held), `res` as the status.
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) log.error({ ...line, err: error }, 'request errored');
    else log.info(line, 'request completed');
  }
}

/**
 * The access line of an answer replayed before routing (http/replay.ts): the route's own line
 * (written only when that line would be), marked `replayed`, so an operator can tell the two apart.
 */
export function logReplayed(log: FastifyBaseLogger, reqId: string, req: RequestView, res: ServerResponse, responseTime: number): void {
  log.info({ reqId, req, res, responseTime, replayed: true }, 'request completed');
}
