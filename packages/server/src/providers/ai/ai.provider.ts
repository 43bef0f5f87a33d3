/** One message of a chat. */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ChatRequest {
  messages: ChatMessage[];
  /** Upper bound of the answer's tokens (sent under the profile's parameter name). */
  maxTokens?: number;
  /** Ask for a JSON object (the profile's JSON mode, when it has one; the prompt must say JSON too). */
  json?: boolean;
  temperature?: number;
  /** Aborted when the reader goes away: the provider call stops. */
  signal?: AbortSignal;
}

export interface ChatUsage {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
  /** False when the provider reported no usage and the count is estimated from the text. */
  reported: boolean;
}

/**
 * An answer being streamed. `chat()` resolves once the provider accepted the request (HTTP 200
 * and a stream): failures before that reject, so a caller can still answer with an error envelope.
 * The text never contains reasoning ("thinking"): it is dropped in the provider.
 */
export interface ChatStream {
  /** The answer's text, chunk by chunk, as the provider sends it. */
  readonly chunks: AsyncIterable<string>;
  /** Usage, available once `chunks` is exhausted. */
  usage(): ChatUsage;
}

/** Known differences between OpenAI-compatible servers. */
export interface AiProfile {
  readonly name: AiProfileName;
  /** `max_completion_tokens` (OpenAI's current name) or `max_tokens` (everyone else). */
  readonly tokenParam: 'max_completion_tokens' | 'max_tokens';
  /** Whether `response_format: {type: 'json_object'}` is understood. */
  readonly jsonMode: boolean;
  /** Whether `stream_options.include_usage` is understood (usage in the last chunk). */
  readonly streamUsage: boolean;
}

export const aiProfileNames = ['openai', 'deepseek', 'qwen', 'ollama', 'vllm', 'generic'] as const;
export type AiProfileName = (typeof aiProfileNames)[number];

export const aiProfiles: Record<AiProfileName, AiProfile> = {
  openai: { name: 'openai', tokenParam: 'max_completion_tokens', jsonMode: true, streamUsage: true },
  deepseek: { name: 'deepseek', tokenParam: 'max_tokens', jsonMode: true, streamUsage: true },
  qwen: { name: 'qwen', tokenParam: 'max_tokens', jsonMode: true, streamUsage: true },
  ollama: { name: 'ollama', tokenParam: 'max_tokens', jsonMode: true, streamUsage: true },
  vllm: { name: 'vllm', tokenParam: 'max_tokens', jsonMode: true, streamUsage: true },
  // An unknown server: the oldest, most widely copied form of the API.
  generic: { name: 'generic', tokenParam: 'max_tokens', jsonMode: false, streamUsage: false },
};

/** A Chat Completions endpoint. */
export interface AiProvider {
  /** The model's name as configured (part of every cache key). */
  readonly model: string;
  readonly profile: AiProfile;
  chat(request: ChatRequest): Promise<ChatStream>;
}

/** Why a provider call failed, for the service to word for the reader. */
export class AiProviderError extends Error {
  constructor(
    message: string,
    readonly reason: 'unreachable' | 'timeout' | 'refused' | 'rate_limited' | 'aborted' | 'bad_stream',
  ) {
    super(message);
  }
}

/** Collects a whole answer (for calls that return JSON, or when the reader did not ask for a stream). */
export async function complete(provider: AiProvider, request: ChatRequest): Promise<{ text: string; usage: ChatUsage }> {
  const stream = await provider.chat(request);
  let text = '';
  for await (const chunk of stream.chunks) text += chunk;
  return { text, usage: stream.usage() };
}
