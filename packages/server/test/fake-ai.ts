import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local OpenAI-compatible Chat Completions server (127.0.0.1) speaking the real protocol:
 * `POST /v1/chat/completions` with `stream: true` answers `text/event-stream` chunks
 * (`chat.completion.chunk`), a usage chunk when `stream_options.include_usage` is asked, then
 * `data: [DONE]`. Tests script what it does next: fail, drop the connection, stall, think aloud.
 */
export interface FakeAiRequest {
  body: {
    model: string;
    messages: { role: string; content: string }[];
    stream?: boolean;
    stream_options?: { include_usage?: boolean };
    max_tokens?: number;
    max_completion_tokens?: number;
    response_format?: { type: string };
  };
  authorization: string | undefined;
}

export interface FakeAiOptions {
  /** The answer's text; a function sees the request. Default: an answer citing paragraph p1. */
  answer?: string | ((req: FakeAiRequest) => string);
  /** Characters per chunk. */
  chunkSize?: number;
  /** Delay between chunks, so a stream takes a while (ms). */
  chunkDelayMs?: number;
  /** Reasoning sent before the answer: as `reasoning_content` deltas, or inside `<think>` in the content. */
  reasoning?: 'none' | 'field' | 'think';
  /** Usage reported in the final chunk. */
  usage?: { prompt_tokens: number; completion_tokens: number };
}

export const SECRET_REASONING = 'SECRET-REASONING-never-shown';

export async function startFakeAi(initial: FakeAiOptions = {}) {
  let options: FakeAiOptions = { ...initial };
  const requests: FakeAiRequest[] = [];
  /** Scripted behaviours for the next requests, in order. */
  const script: ('fail500' | 'fail429' | 'drop' | 'stall')[] = [];
  let releaseStall: (() => void) | null = null;
  let down = false;

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', () => {
      void (async () => {
        if (req.url !== '/v1/chat/completions' || req.method !== 'POST') {
          res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'not found' } }));
          return;
        }
        const request: FakeAiRequest = { body: JSON.parse(raw) as FakeAiRequest['body'], authorization: req.headers.authorization };
        requests.push(request);
        const next = down ? 'drop' : script.shift();
        if (next === 'drop') {
          req.socket.destroy();
          return;
        }
        if (next === 'fail500' || next === 'fail429') {
          const status = next === 'fail500' ? 500 : 429;
          res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: `fake ${status}` } }));
          return;
        }
        const answer =
          typeof options.answer === 'function'
            ? options.answer(request)
            : (options.answer ?? 'The article says this in [p1]. 文章在第一段说明了这一点 [p1]。');
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
        const id = `chatcmpl-${requests.length}`;
        const send = (delta: Record<string, unknown>, finish: string | null = null) =>
          res.write(
            `data: ${JSON.stringify({
              id,
              object: 'chat.completion.chunk',
              created: Math.floor(Date.now() / 1000),
              model: request.body.model,
              choices: [{ index: 0, delta, finish_reason: finish }],
            })}\n\n`,
          );
        const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
        send({ role: 'assistant', content: '' });
        if (options.reasoning === 'field') send({ reasoning_content: SECRET_REASONING });
        let text = answer;
        if (options.reasoning === 'think') text = `<think>${SECRET_REASONING}</think>\n${answer}`;
        const size = options.chunkSize ?? 8;
        for (let i = 0; i < text.length; i += size) {
          if (res.destroyed) return;
          send({ content: text.slice(i, i + size) });
          if (i === 0 && next === 'stall') {
            // Holds the stream open after the first chunk until released (or the client leaves).
            await new Promise<void>((r) => {
              releaseStall = r;
              res.on('close', () => r());
            });
            if (res.destroyed) return;
          }
          if (options.chunkDelayMs) await wait(options.chunkDelayMs);
        }
        send({}, 'stop');
        if (request.body.stream_options?.include_usage) {
          const usage = options.usage ?? { prompt_tokens: 100, completion_tokens: 20 };
          res.write(
            `data: ${JSON.stringify({
              id,
              object: 'chat.completion.chunk',
              model: request.body.model,
              choices: [],
              usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
            })}\n\n`,
          );
        }
        res.end('data: [DONE]\n\n');
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    set(next: FakeAiOptions) {
      options = { ...initial, ...next };
    },
    /** The next requests fail, drop or stall, in this order. */
    queue(...steps: ('fail500' | 'fail429' | 'drop' | 'stall')[]) {
      script.push(...steps);
    },
    /** While down, every connection is dropped before a byte is sent. */
    setDown(value: boolean) {
      down = value;
    },
    release() {
      releaseStall?.();
    },
    /** Drops every open connection mid-answer (the server keeps listening). */
    cut() {
      server.closeAllConnections();
    },
    reset() {
      requests.length = 0;
      script.length = 0;
      down = false;
      options = { ...initial };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FakeAi = Awaited<ReturnType<typeof startFakeAi>>;
