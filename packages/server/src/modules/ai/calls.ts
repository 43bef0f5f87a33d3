import { createHash } from 'node:crypto';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { DomainError, Unavailable } from '../../lib/errors.js';
import { Streamed } from '../../lib/streamed.js';
import { AiProviderError, type AiProvider, type ChatRequest, type ChatStream, type ChatUsage } from '../../providers/ai/index.js';
import { aiRepo } from './ai.repo.js';
import { flights, type Flight } from './flights.js';
import { aiQuota, type UserActor } from './quota.js';

export const OFFLINE = '离线';

export function hashKey(parts: unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

/** A provider failure in words a reader understands ("503"; a provider's own 429 is our outage too). */
export function unavailable(error: unknown): DomainError {
  if (error instanceof DomainError) return error;
  if (error instanceof AiProviderError) {
    const why = error.reason === 'timeout' ? '响应超时' : error.reason === 'rate_limited' ? '繁忙' : '暂时无法连接';
    return new Unavailable(`AI 服务${why}，请稍后再试`);
  }
  return new Unavailable('AI 服务暂时无法使用，请稍后再试');
}

/** A complete answer (cached, offline) in the form the caller asked for. */
export const answerOf = <T>(stream: boolean, text: string, result: T): T | Streamed<T> => (stream ? Streamed.of(text, result) : result);

/** The first JSON object in a model's answer (some wrap it in a code fence); null when none parses. */
export function parseJsonObject(text: string): Record<string, unknown> | null {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end <= start) return null;
  try {
    const value = JSON.parse(text.slice(start, end + 1)) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** One provider call for a reader, as the features describe it. */
export interface ProviderCall<T> {
  /** Identical requests share one call while it runs; a cache key that already says what is identical. */
  key: string;
  request: Omit<ChatRequest, 'signal'>;
  /** Runs once with the complete text (stores it); a failed answer never reaches it, so stores nothing. */
  finish: (text: string, usage: ChatUsage) => Promise<T>;
  /** The result as a request that joined another's call sees it (it was served, not paid for). */
  joined?: (result: T) => T;
  signal?: AbortSignal | undefined;
}

/**
 * What every AI feature shares: the repo, the model, quotas, and provider calls that check the
 * quota first, count usage once, and are shared by identical requests in flight.
 */
export function aiCalls(deps: { db: Db; clock: Clock; provider: AiProvider | null; quota: { user: number; memberPerLevel: number } }) {
  const { clock, provider } = deps;
  const repo = aiRepo(deps.db);
  const model = provider?.model ?? null;
  const quota = aiQuota({ repo, clock, quota: deps.quota, model });
  const inFlight = flights();

  /** The chat's text; usage is counted once, when it ends or is cancelled (then estimated from what was sent). */
  async function* counted(actor: UserActor, chat: ChatStream): AsyncGenerator<string> {
    try {
      for await (const chunk of chat.chunks) yield chunk;
    } catch (error) {
      throw unavailable(error);
    } finally {
      await quota.count(actor, chat.usage());
    }
  }

  /**
   * Rides on the identical call in flight, or starts one: checks the reader's quota and waits
   * until the provider accepted the request, so its failures are "503" before anything is stored
   * or streamed. A request that joined another's counts nothing, like a cache hit.
   */
  async function ride<T>(actor: UserActor, call: ProviderCall<T>): Promise<{ flight: Flight<T>; joined: boolean }> {
    if (!provider) throw new Unavailable('没有配置 AI 服务');
    return inFlight.join(call.key, call.signal, async (signal) => {
      await quota.check(actor);
      let chat: ChatStream;
      try {
        chat = await provider.chat({ ...call.request, signal });
      } catch (error) {
        throw unavailable(error);
      }
      return { chunks: counted(actor, chat), finish: (text) => call.finish(text, chat.usage()) };
    });
  }

  const resultOf =
    <T>(call: ProviderCall<T>, ridden: { flight: Flight<T>; joined: boolean }) =>
    async () => {
      const result = await ridden.flight.result();
      return ridden.joined && call.joined ? call.joined(result) : result;
    };

  /** The whole answer's result. */
  async function collect<T>(actor: UserActor, call: ProviderCall<T>): Promise<T> {
    const ridden = await ride(actor, call);
    return resultOf(call, ridden)();
  }

  /** The answer as it arrives, then its result. */
  async function stream<T>(actor: UserActor, call: ProviderCall<T>): Promise<Streamed<T>> {
    const ridden = await ride(actor, call);
    return new Streamed(ridden.flight.chunks(), resultOf(call, ridden));
  }

  return {
    repo,
    provider,
    model,
    quota,
    now: () => clock.now().toISOString(),
    collect,
    stream,
    /** Streamed or collected, as the reader asked. */
    deliver: <T>(actor: UserActor, wantsStream: boolean, call: ProviderCall<T>): Promise<T | Streamed<T>> =>
      wantsStream ? stream(actor, call) : collect(actor, call),
    /** A short answer (translation, analysis, entity), kept in the cache under `key`. */
    async cachedText(actor: UserActor, key: string, kind: string, request: ProviderCall<string>['request']) {
      const hit = await repo.cached(key);
      if (hit) return { text: hit, cached: true };
      let joined = false;
      const text = await collect(actor, {
        key,
        request,
        finish: async (whole) => {
          const trimmed = whole.trim();
          await repo.keep(key, kind, model!, trimmed, clock.now().toISOString());
          return trimmed;
        },
        joined: (t) => ((joined = true), t),
      });
      return { text, cached: joined };
    },
    /** Provider calls in flight (for tests). */
    inFlight: () => inFlight.size,
  };
}

export type AiCalls = ReturnType<typeof aiCalls>;
