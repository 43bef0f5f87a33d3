import { vi } from 'vitest';

/** One request the app made, as the mock saw it. */
export interface SeenRequest {
  method: string;
  url: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  body: unknown;
}

/** `pending`: the request is never answered (a screen while its data loads). */
type Reply = { status?: number; body: unknown } | { events: ReadableStream<Uint8Array> } | 'network-error' | 'pending';
type Handler = (request: SeenRequest) => Reply | undefined;

export const ok = (result: unknown): Reply => ({ status: 200, body: { status: { code: '200', msg: 'ok' }, result } });
export const fail = (status: number, msg: string): Reply => ({
  status,
  body: { status: { code: String(status), msg }, result: null },
});

/**
 * Stubs global fetch. Handlers are keyed `METHOD /path`; an unhandled request answers
 * a 404 envelope (so a forgotten stub shows up as a failed call, not a hang).
 */
export function mockApi(handlers: Record<string, Handler | Reply> = {}) {
  const requests: SeenRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const parsed = new URL(url, 'http://localhost');
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const request: SeenRequest = {
      method: init.method ?? 'GET',
      url,
      path: parsed.pathname,
      query: parsed.searchParams,
      headers,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    requests.push(request);
    const handler = handlers[`${request.method} ${request.path}`];
    const reply = typeof handler === 'function' ? handler(request) : handler;
    const answer = reply ?? fail(404, '内容不存在');
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    if (answer === 'pending') return new Promise<Response>(() => {});
    if ('events' in answer) return new Response(answer.events, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    requests,
    /** Requests to one `METHOD /path`. */
    to: (key: string) => requests.filter((r) => `${r.method} ${r.path}` === key),
  };
}

/**
 * A streamed answer (server-sent events, as the server writes them): the `chunks` go out at
 * once, the `done` event with `result` only when the test calls `finish()`, so a test can look
 * at the screen while the answer is still arriving.
 */
export function streamed(chunks: string[], result: unknown) {
  let finish!: () => void;
  const finished = new Promise<void>((resolve) => (finish = resolve));
  const encode = (event: string, data: unknown) => new TextEncoder().encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  const reply = (): Reply => ({
    events: new ReadableStream<Uint8Array>({
      async start(controller) {
        for (const text of chunks) controller.enqueue(encode('chunk', { text }));
        await finished;
        controller.enqueue(encode('done', { status: { code: '200', msg: 'ok' }, result }));
        controller.close();
      },
    }),
  });
  return { reply, finish };
}

/** Lets pending promise callbacks run (fetch mocks resolve in microtasks). */
export async function flush(times = 5): Promise<void> {
  for (let i = 0; i < times; i++) await Promise.resolve();
}
