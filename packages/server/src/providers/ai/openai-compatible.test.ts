import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SECRET_REASONING, startFakeAi, type FakeAi } from '../../../test/fake-ai.js';
import { AiProviderError, complete } from './ai.provider.js';
import { openAiCompatible } from './openai-compatible.js';
import { thinkFilter } from './think-filter.js';

let fake: FakeAi;
beforeAll(async () => {
  fake = await startFakeAi();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

function provider(profile: 'openai' | 'deepseek' | 'generic' = 'openai', idleTimeoutMs = 5000) {
  return openAiCompatible({ baseUrl: fake.baseUrl, apiKey: 'k-test', model: 'fake-model', profile, connectTimeoutMs: 5000, idleTimeoutMs });
}

describe('OpenAI-compatible provider', () => {
  it('streams the answer in chunks and reports the provider usage', async () => {
    fake.set({ answer: 'Hello there, reader.', chunkSize: 5, usage: { prompt_tokens: 11, completion_tokens: 7 } });
    const stream = await provider().chat({ messages: [{ role: 'user', content: 'hi' }], maxTokens: 50 });
    const chunks: string[] = [];
    for await (const c of stream.chunks) chunks.push(c);
    expect(chunks.join('')).toBe('Hello there, reader.');
    expect(chunks.length).toBeGreaterThan(1);
    expect(stream.usage()).toEqual({ promptTokens: 11, completionTokens: 7, totalTokens: 18, reported: true });
    const sent = fake.requests[0]!;
    expect(sent.authorization).toBe('Bearer k-test');
    expect(sent.body).toMatchObject({ stream: true, stream_options: { include_usage: true }, max_completion_tokens: 50 });
  });

  it('uses each profile’s token-limit name and leaves out what a generic server may not know', async () => {
    await complete(provider('deepseek'), { messages: [{ role: 'user', content: 'x' }], maxTokens: 9, json: true });
    await complete(provider('generic'), { messages: [{ role: 'user', content: 'x' }], maxTokens: 9, json: true });
    expect(fake.requests[0]!.body).toMatchObject({ max_tokens: 9, response_format: { type: 'json_object' } });
    expect(fake.requests[1]!.body.max_tokens).toBe(9);
    expect(fake.requests[1]!.body.response_format).toBeUndefined();
    expect(fake.requests[1]!.body.stream_options).toBeUndefined();
  });

  it('drops reasoning sent as reasoning_content or inside <think>', async () => {
    for (const reasoning of ['field', 'think'] as const) {
      fake.set({ answer: 'Only the answer.', reasoning, chunkSize: 3 });
      const { text } = await complete(provider(), { messages: [{ role: 'user', content: 'x' }] });
      expect(text).toBe('Only the answer.');
      expect(text).not.toContain('SECRET');
    }
  });

  it('retries once when the connection drops before the first byte, then gives up', async () => {
    fake.queue('drop');
    expect((await complete(provider(), { messages: [{ role: 'user', content: 'x' }] })).text).toContain('[p1]');
    expect(fake.requests).toHaveLength(2);
    fake.reset();
    fake.queue('drop', 'drop');
    await expect(complete(provider(), { messages: [{ role: 'user', content: 'x' }] })).rejects.toMatchObject({ reason: 'unreachable' });
    expect(fake.requests).toHaveLength(2);
  });

  it('reports a refused request without retrying', async () => {
    fake.queue('fail500');
    const error = await complete(provider(), { messages: [{ role: 'user', content: 'x' }] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AiProviderError);
    expect((error as AiProviderError).reason).toBe('refused');
    expect(fake.requests).toHaveLength(1);
  });

  it('gives up on a stream that stalls longer than the idle timeout', async () => {
    fake.queue('stall');
    const stream = await provider('openai', 300).chat({ messages: [{ role: 'user', content: 'x' }] });
    const consume = async () => {
      for await (const _ of stream.chunks) void _;
    };
    await expect(consume()).rejects.toMatchObject({ reason: 'timeout' });
  });

  it('stops the provider call when the reader goes away', async () => {
    fake.queue('stall');
    const abort = new AbortController();
    const stream = await provider().chat({ messages: [{ role: 'user', content: 'x' }], signal: abort.signal });
    const it = stream.chunks[Symbol.asyncIterator]();
    await it.next();
    abort.abort();
    await expect(it.next()).rejects.toMatchObject({ reason: 'aborted' });
  });
});

describe('thinkFilter', () => {
  it('removes think blocks split anywhere across chunks', () => {
    const text = `Before <think>${SECRET_REASONING}</think>after <thin k>.`;
    for (let size = 1; size < 12; size++) {
      const f = thinkFilter();
      let out = '';
      for (let i = 0; i < text.length; i += size) out += f.push(text.slice(i, i + size));
      out += f.end();
      expect(out).toBe('Before after <thin k>.');
    }
  });
});
