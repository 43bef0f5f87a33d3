import type { FastifyInstance } from 'fastify';
import { fail } from '@changdu/contract';
import { securityHeadersOf, type SecurityHeaderSets } from './security.js';

export type LifecycleState = 'starting' | 'ready' | 'draining';

/**
 * Where this process is in its life, for `GET /api/ready` and for requests arriving while it
 * stops: starting (built, not yet warmed), ready, draining (SIGTERM: the port is closing and
 * in-flight requests finish). `/api/health` is liveness only and ignores it.
 */
export function lifecycle() {
  let state: LifecycleState = 'starting';
  return {
    get state(): LifecycleState {
      return state;
    },
    /** Warm-up is done: the port may open and `/api/ready` answers 200. */
    ready(): void {
      if (state === 'starting') state = 'ready';
    },
    /** Stopping: readiness fails at once, and any new request is turned away. */
    drain(): void {
      state = 'draining';
    },
  };
}

export type Lifecycle = ReturnType<typeof lifecycle>;

/**
 * While draining, a request that still arrives (a keep-alive connection, a balancer that has not
 * noticed yet) gets the envelope's 503 and is asked to close its connection; requests already
 * in flight finish normally. Fastify's own 503 while closing (a bare body) is switched off in
 * app.ts, so this is the only answer a late request sees.
 */
export function turnAwayWhileDraining(app: FastifyInstance, life: Lifecycle, headers: SecurityHeaderSets): void {
  app.addHook('onRequest', async (req, reply) => {
    if (life.state !== 'draining') return;
    return reply
      .status(503)
      .headers(securityHeadersOf(req, headers))
      .header('connection', 'close')
      .header('cache-control', 'no-store')
      .header('retry-after', '5')
      .type('application/json; charset=utf-8')
      .send(fail('503', '服务正在重启，请稍后再试'));
  });
}
