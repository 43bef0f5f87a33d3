import type { RateLimitRule, Role } from '@changdu/contract';
import { articleAudioKind } from '../../jobs/kinds.js';
import type { Actor } from '../../lib/actor.js';
import { JOB_ACTOR, linkActor, type Who } from '../../lib/policy.js';
import { Invalid, NotFound, TooMany, Unavailable } from '../../lib/errors.js';
import { lameEncoder, type Mp3Encoder } from '../../providers/tts/index.js';
import { parseParagraphs } from '../articles/index.js';
import type { ArticleMediaDeps, ArticleRow, TaskRow } from './article-media.types.js';
import { articleVersion, hash } from './article-version.js';

/** Bumped when the audio's make changes, so files of the old make are not served. */
const AUDIO_RENDER_VERSION = 1;
const AUDIO_TOKEN_TTL = 10 * 60_000;
const SENTENCE_GAP_S = 0.25;
const PARAGRAPH_GAP_S = 0.6;

/**
 * New audio builds one reader (a user, or an address for anonymous readers) may start: a build
 * costs a worker about a second per 90 words, while following one under way or hearing one
 * made costs nothing and is not counted.
 */
export const AUDIO_BUILD_RULE: RateLimitRule = { by: 'ip', max: 10, windowSec: 60 * 60 };

export interface AudioTimings {
  version: string;
  duration: number;
  voice: string;
  sentences: { id: string; paragraph: string; start: number; end: number }[];
}

/** What `GET …/audio` answers: the timings once the audio is made, else the task making it. */
export type AudioAnswer =
  ({ ready: true; task_id: null } & AudioTimings) | { ready: false; task_id: number; progress: number; message: string | null };

/** What an audio token carries: the caller's role, and the article when it was issued for one. */
type AudioClaims = { a?: number; r: Role };

interface ArticleAccess {
  open(who: Who, id: number, full: boolean): Promise<ArticleRow>;
}

/** How a build reports on itself (the job's context). */
export interface BuildReport {
  progress(percent: number, message?: string): Promise<void>;
  signal: AbortSignal;
}

interface Spoken {
  id: string;
  paragraph: string;
  text: string;
  /** The first sentence of its paragraph: a paragraph's gap goes before it. */
  opens: boolean;
}

/** The sentences read aloud, in order (figures and sentences without a letter or digit are skipped). */
function spokenSentences(row: ArticleRow): Spoken[] {
  const out: Spoken[] = [];
  for (const p of parseParagraphs(row.content)) {
    if (p.kind === 'figure') continue;
    let first = true;
    for (const s of p.sentences) {
      if (!/[A-Za-z0-9]/.test(s.text)) continue;
      out.push({ id: s.id, paragraph: p.id, text: s.text, opens: first });
      first = false;
    }
  }
  return out;
}

/**
 * The article read aloud: one MP3 per article version with each sentence's start and end, for
 * follow-along highlighting. Made by a worker (the `article.audio` task), sentence by sentence
 * into one encoder and from it into storage as a stream, so memory stays bounded whatever the
 * article's length; every reader and process asking for one version follows the same task.
 */
export function articleAudio(
  deps: Pick<ArticleMediaDeps, 'storage' | 'tts' | 'signed' | 'jobs' | 'limiter'> & { encoder?: (sampleRate: number) => Mp3Encoder },
  { open }: ArticleAccess,
) {
  const { storage, jobs } = deps;
  const encoder = deps.encoder ?? lameEncoder;

  function keyOf(row: ArticleRow): { key: string; version: string } {
    const version = hash(articleVersion(row), deps.tts.voice, AUDIO_RENDER_VERSION);
    return { key: `audio/article-${row.id}-${version}`, version };
  }

  /** The timings when this version's audio is made (they are written after the MP3, so both are there). */
  async function made(key: string): Promise<AudioTimings | null> {
    const stored = await storage.get(`${key}.json`);
    if (!stored || !(await storage.head(`${key}.mp3`))) return null;
    return JSON.parse(stored.toString('utf8')) as AudioTimings;
  }

  const pending = (task: TaskRow): AudioAnswer => ({ ready: false, task_id: task.id, progress: task.progress, message: task.message });

  /** Counts a new build against the reader's allowance: a user by id, anyone else by address. */
  async function allowBuild(actor: Actor, ip: string): Promise<void> {
    if (!deps.limiter) return;
    const reader = actor.kind === 'user' ? `user:${actor.user.id}` : `ip:${ip}`;
    const wait = await deps.limiter.hit('article.audio.build', AUDIO_BUILD_RULE, reader);
    if (wait !== null) throw TooMany.after(wait, '开始生成的朗读音频太多了');
  }

  /** Speaks every sentence into one encoder whose MP3 streams into storage; answers the timings. */
  async function build(row: ArticleRow, key: string, version: string, report: BuildReport): Promise<AudioTimings> {
    const spoken = spokenSentences(row);
    if (spoken.length === 0) throw new NotFound('这篇文章没有可以朗读的句子');
    let mp3: Mp3Encoder | null = null;
    let stored: Promise<{ size: number }> | null = null;
    // A store that fails stops reading the encoder, which then stops reading us: a write waits on
    // this too, so the failure ends the build instead of a wait for ever.
    let storeFailed: Promise<never> = new Promise(() => undefined);
    const write = (pcm: Buffer) => Promise.race([mp3!.write(pcm), storeFailed]);
    let rate = 0;
    let silence = { sentence: Buffer.alloc(0), paragraph: Buffer.alloc(0) };
    let seconds = 0;
    let reported = -1;
    const sentences: AudioTimings['sentences'] = [];
    try {
      for (const [i, s] of spoken.entries()) {
        report.signal.throwIfAborted();
        const percent = Math.floor((95 * i) / spoken.length);
        if (percent > reported) {
          reported = percent;
          await report.progress(percent, `正在合成朗读（第 ${i + 1}/${spoken.length} 句）`);
        }
        const pcm = await deps.tts.speak(s.text);
        if (!mp3) {
          rate = pcm.sampleRate;
          // Silence is the same bytes each time: made once, written many times.
          silence = {
            sentence: Buffer.alloc(Math.round(SENTENCE_GAP_S * rate) * 2),
            paragraph: Buffer.alloc(Math.round((PARAGRAPH_GAP_S - SENTENCE_GAP_S) * rate) * 2),
          };
          mp3 = encoder(rate);
          stored = storage.putStream(`${key}.mp3`, mp3.output, { contentType: 'audio/mpeg' });
          storeFailed = stored.then(() => new Promise<never>(() => undefined));
          // Seen now as well: a failed upload is awaited below, but may fail before that.
          storeFailed.catch(() => undefined);
        } else if (pcm.sampleRate !== rate) {
          throw new Error(`the voice changed its sample rate from ${rate} to ${pcm.sampleRate}`);
        }
        if (s.opens && i > 0) {
          await write(silence.paragraph);
          seconds += PARAGRAPH_GAP_S - SENTENCE_GAP_S;
        }
        const length = pcm.samples.length / 2 / rate;
        sentences.push({ id: s.id, paragraph: s.paragraph, start: round(seconds), end: round(seconds + length) });
        await write(pcm.samples);
        await write(silence.sentence);
        seconds += length + SENTENCE_GAP_S;
      }
      // The old make ended on a paragraph's gap: the duration keeps it.
      await write(silence.paragraph);
      seconds += PARAGRAPH_GAP_S - SENTENCE_GAP_S;
      await report.progress(96, '正在保存朗读音频');
      await mp3!.end();
      await stored;
    } catch (error) {
      mp3?.kill();
      await stored?.catch(() => undefined);
      throw error;
    }
    const timings: AudioTimings = { version, duration: round(seconds), voice: deps.tts.voice, sentences };
    await storage.put(`${key}.json`, Buffer.from(JSON.stringify(timings)), { contentType: 'application/json' });
    return timings;
  }

  return {
    /**
     * The audio's timings once made; else the task making it (started now when none is, within
     * the reader's allowance). `taskId` is the task the caller follows: its failure is answered.
     */
    async audio(actor: Actor, id: number, ip: string, taskId?: number): Promise<AudioAnswer> {
      const row = await open(actor, id, true);
      const { key, version } = keyOf(row);
      const timings = await made(key);
      if (timings) return { ready: true, task_id: null, ...timings };
      const payload = { article_id: row.id, version };
      if (taskId !== undefined) {
        const followed = await jobs.find(taskId);
        if (followed?.type === articleAudioKind.name && followed.idem_key === articleAudioKind.idempotencyKey!(payload)) {
          if (followed.status === 'failed') throw new Unavailable(followed.message ?? '朗读音频生成失败，请稍后再试');
          if (followed.status !== 'done') return pending(followed);
        }
      }
      const under = await jobs.unfinished(articleAudioKind, payload);
      if (under) return pending(under);
      if (spokenSentences(row).length === 0) throw new NotFound('这篇文章没有可以朗读的句子');
      await allowBuild(actor, ip);
      const started = await jobs.enqueue(articleAudioKind, payload, { createdBy: actor.kind === 'user' ? actor.user.id : null });
      const task = await jobs.find(started.id);
      return task ? pending(task) : { ready: false, task_id: started.id, progress: 0, message: null };
    },

    /** Job: makes the article's current audio (nothing to do when it is made already). */
    async buildAudio(articleId: number, report: BuildReport): Promise<{ key: string; duration: number; sentences: number }> {
      // The request that queued it was checked for the whole text.
      const row = await open(JOB_ACTOR, articleId, false);
      // An edit since the task was queued makes its version stale: the current one is what readers ask for now.
      const { key, version } = keyOf(row);
      const timings = (await made(key)) ?? (await build(row, key, version, report));
      return { key, duration: timings.duration, sentences: timings.sentences.length };
    },

    /**
     * A token for the caller's audio: for one article (checked now, with its file's address), or,
     * as the specification calls it with no parameter, for any article the caller's role may hear
     * (checked when the file is fetched).
     */
    async audioToken(actor: Actor, id: number | undefined) {
      const row = id === undefined ? null : await open(actor, id, true);
      const claims: AudioClaims = row ? { a: row.id, r: actor.role } : { r: actor.role };
      const { token, expiresAt } = deps.signed.issue('audio', claims, AUDIO_TOKEN_TTL);
      const src = row ? `/reader/article/${row.id}/audio.mp3?token=${encodeURIComponent(token)}` : null;
      return { token, expires_at: expiresAt.toISOString(), src };
    },

    async audioFile(id: number, token: string): Promise<Buffer> {
      const claims = deps.signed.verify<AudioClaims>('audio', token, '音频链接无效或已过期，请重新播放');
      if (claims.a !== undefined && claims.a !== id) throw new Invalid('音频链接无效或已过期，请重新播放');
      // The link carries the role it was issued to (and, for one article's link, that article): the
      // article may have been withdrawn or locked since, so it is checked in full again.
      const row = await open(linkActor(claims.r), id, true);
      const { key } = keyOf(row);
      // Only a made file is served: making one is `GET …/audio`'s (a task, within the reader's allowance).
      const mp3 = (await made(key)) && (await storage.get(`${key}.mp3`));
      if (!mp3) throw new NotFound('朗读音频还没有生成好，请先打开朗读');
      return mp3;
    },
  };
}

const round = (n: number) => Math.round(n * 1000) / 1000;
