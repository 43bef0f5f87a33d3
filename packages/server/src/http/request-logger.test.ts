import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { RequestLogger } from './request-logger.js';

function appLogger(level: string) {
  const lines: Record<string, unknown>[] = [];
  const log = pino({ level }, { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
  let children = 0;
  const child = log.child.bind(log);
  log.child = ((...args: Parameters<typeof child>) => (children++, child(...args))) as typeof log.child;
  return { log, lines, children: () => children };
}

describe('a request logger', () => {
  it('writes under the request id, through one child made on the first enabled line', () => {
    const app = appLogger('info');
    const log = new RequestLogger(app.log, { reqId: 'abc-1' }, {});
    expect(app.children()).toBe(0);
    log.info({ res: { statusCode: 200 } }, 'request completed');
    log.error('boom %s', 'twice');
    expect(app.children()).toBe(1);
    expect(app.lines).toMatchObject([
      { reqId: 'abc-1', level: 30, msg: 'request completed', res: { statusCode: 200 } },
      { reqId: 'abc-1', level: 50, msg: 'boom twice' },
    ]);
  });

  it('makes nothing for a line below the app level, and keeps a route level of its own', () => {
    const app = appLogger('error');
    const quiet = new RequestLogger(app.log, { reqId: 'abc-2' }, {});
    quiet.info('not written');
    quiet.debug('not written');
    expect(app.children()).toBe(0);
    expect(quiet.level).toBe('error');

    const chatty = new RequestLogger(app.log, { reqId: 'abc-3' }, { level: 'info' });
    expect(chatty.level).toBe('info');
    chatty.info('written at the route level');
    expect(app.lines).toMatchObject([{ reqId: 'abc-3', msg: 'written at the route level' }]);
  });
});
