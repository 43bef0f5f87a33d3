import { EventSourceParserStream } from 'eventsource-parser/stream';
import {
  AiProviderError,
  aiProfiles,
  type AiProfileName,
  type AiProvider,
  type ChatRequest,
  type ChatStream,
  type ChatUsage,
} from './ai.provider.js';
import { thinkFilter } from './think-filter.js';

export interface OpenAiCompatibleOptions {
  /** The API root, e.g. `https://api.openai.com/v1`, `https://api.deepseek.com`, `http://127.0.0.1:11434/v1`. */
  baseUrl: string;
  apiKey: string | null;
  model: string;
  profile: AiProfileName;
  /** Longest wait for the response to start (headers), per attempt. */
  connectTimeoutMs: number;
  /** Longest silence between two chunks of a stream. */
  idleTimeoutMs: number;
  /** Replaces global fetch (tests). */
  fetch?: typeof fetch;
}

/** The shape of one streamed chunk we read (the rest is ignored). */
interface StreamChunk {
  choices?: { delta?: { content?: string | null; reasoning_content?: string | null; reasoning?: string | null } }[];
  usage?: { prompt_tokens?: number; completion_tokens?: number; total_tokens?: number } | null;
  error?: { message?: string };
}

/** A rough token count for providers that report none: about 4 characters of English, or 1.5 of Chinese, per token. */
export function estimateTokens(text: string): number {
  const han = (text.match(/\p{Script=Han}/gu) ?? []).length;
  return Math.ceil(han / 1.5 + (text.length - han) / 4);
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');
}

/**
 * Any OpenAI-compatible Chat Completions server, streamed (`stream: true`). Written on fetch and
 * eventsource-parser rather than the `openai` SDK: the few differences between servers (the
 * token-limit parameter, JSON mode, `reasoning_content`) are request and chunk fields the SDK
 * does not model, and the retry rule here is narrower than the SDK's (once, and only before the
 * first byte, so a half-streamed answer is never sent twice).
 *
 * The address is the operator's configuration, not a reader's input, so it is called directly
 * rather than through the guarded fetcher (which refuses internal addresses such as Ollama's).
 */
export function openAiCompatible(options: OpenAiCompatibleOptions): AiProvider {
  const profile = aiProfiles[options.profile];
  const doFetch = options.fetch ?? fetch;
  const url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;

  function body(request: ChatRequest): string {
    const payload: Record<string, unknown> = {
      model: options.model,
      messages: request.messages,
      stream: true,
    };
    if (profile.streamUsage) payload.stream_options = { include_usage: true };
    if (request.maxTokens) payload[profile.tokenParam] = request.maxTokens;
    if (request.temperature !== undefined) payload.temperature = request.temperature;
    if (request.json && profile.jsonMode) payload.response_format = { type: 'json_object' };
    return JSON.stringify(payload);
  }

  /** One attempt: resolves with the response once its headers arrived. */
  async function attempt(request: ChatRequest, payload: string): Promise<{ response: Response; abort: AbortController }> {
    const abort = new AbortController();
    const onClientGone = () => abort.abort(new AiProviderError('读者已离开', 'aborted'));
    request.signal?.addEventListener('abort', onClientGone, { once: true });
    const timer = setTimeout(() => abort.abort(new AiProviderError('AI 服务响应超时', 'timeout')), options.connectTimeoutMs);
    try {
      const response = await doFetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'text/event-stream',
          ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
        },
        body: payload,
        signal: abort.signal,
      });
      return { response, abort };
    } catch (error) {
      if (abort.signal.aborted && abort.signal.reason instanceof AiProviderError) throw abort.signal.reason;
      throw new AiProviderError(`AI 服务连接失败：${(error as Error).message}`, 'unreachable');
    } finally {
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', onClientGone);
    }
  }

  return {
    model: options.model,
    profile,
    async chat(request: ChatRequest): Promise<ChatStream> {
      if (request.signal?.aborted) throw new AiProviderError('读者已离开', 'aborted');
      const payload = body(request);
      let opened: { response: Response; abort: AbortController };
      try {
        opened = await attempt(request, payload);
      } catch (error) {
        // One retry, only for a connection that dropped before any byte of an answer.
        if (!(error instanceof AiProviderError) || error.reason !== 'unreachable') throw error;
        opened = await attempt(request, payload);
      }
      const { response, abort } = opened;
      if (!response.ok || !response.body) {
        const detail = (await response.text().catch(() => '')).slice(0, 300);
        const reason = response.status === 429 ? 'rate_limited' : 'refused';
        throw new AiProviderError(`AI 服务返回 ${response.status}${detail ? `：${detail}` : ''}`, reason);
      }
      const contentType = response.headers.get('content-type') ?? '';
      if (!contentType.includes('text/event-stream')) {
        abort.abort();
        throw new AiProviderError(`AI 服务没有以流的形式回答（${contentType || '无类型'}）`, 'bad_stream');
      }

      let usage: ChatUsage | null = null;
      let promptChars = 0;
      for (const m of request.messages) promptChars += m.content.length;
      let answer = '';
      const think = thinkFilter();
      const events = response.body.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream());

      async function* chunks(): AsyncGenerator<string> {
        const reader = events.getReader();
        const onClientGone = () => abort.abort(new AiProviderError('读者已离开', 'aborted'));
        request.signal?.addEventListener('abort', onClientGone, { once: true });
        let idle: NodeJS.Timeout | undefined;
        const armIdle = () => {
          clearTimeout(idle);
          idle = setTimeout(() => abort.abort(new AiProviderError('AI 服务中途停止了回答', 'timeout')), options.idleTimeoutMs);
        };
        try {
          armIdle();
          for (;;) {
            let next: ReadableStreamReadResult<{ data: string }>;
            try {
              next = await reader.read();
            } catch (error) {
              if (abort.signal.reason instanceof AiProviderError) throw abort.signal.reason;
              if (isAbort(error)) throw new AiProviderError('AI 服务连接中断', 'aborted');
              throw new AiProviderError(`AI 服务连接中断：${(error as Error).message}`, 'unreachable');
            }
            if (next.done) break;
            armIdle();
            const data = next.value.data;
            if (data === '[DONE]') break;
            let chunk: StreamChunk;
            try {
              chunk = JSON.parse(data) as StreamChunk;
            } catch {
              throw new AiProviderError('AI 服务发来了无法解析的内容', 'bad_stream');
            }
            if (chunk.error) throw new AiProviderError(`AI 服务出错：${chunk.error.message ?? ''}`, 'refused');
            if (chunk.usage) {
              const promptTokens = chunk.usage.prompt_tokens ?? 0;
              const completionTokens = chunk.usage.completion_tokens ?? 0;
              usage = {
                promptTokens,
                completionTokens,
                totalTokens: chunk.usage.total_tokens ?? promptTokens + completionTokens,
                reported: true,
              };
            }
            // `reasoning_content` / `reasoning` (DeepSeek, Qwen, vLLM) is the model's thinking: never passed on.
            const content = chunk.choices?.[0]?.delta?.content;
            if (content) {
              const text = think.push(content);
              if (text) {
                answer += text;
                yield text;
              }
            }
          }
          const rest = think.end();
          if (rest) {
            answer += rest;
            yield rest;
          }
        } finally {
          clearTimeout(idle);
          request.signal?.removeEventListener('abort', onClientGone);
          // Stops the provider's work when the reader left or the consumer stopped early.
          if (!abort.signal.aborted) abort.abort();
          reader.releaseLock();
        }
      }

      return {
        chunks: chunks(),
        usage() {
          if (usage) return usage;
          const promptTokens = Math.ceil(promptChars / 4);
          const completionTokens = estimateTokens(answer);
          return { promptTokens, completionTokens, totalTokens: promptTokens + completionTokens, reported: false };
        },
      };
    },
  };
}
