import type { Role } from '@changdu/contract';
import type { Actor } from '../../lib/actor.js';
import { linkActor, type Who } from '../../lib/policy.js';
import { Invalid, NotFound } from '../../lib/errors.js';
import { encodeMp3, type Pcm } from '../../providers/tts/index.js';
import { parseParagraphs } from '../articles/index.js';
import type { ArticleMediaDeps, ArticleRow } from './article-media.types.js';
import { articleVersion, hash } from './article-version.js';

/** Bumped when the audio's make changes, so files of the old make are not served. */
const AUDIO_RENDER_VERSION = 1;
const AUDIO_TOKEN_TTL = 10 * 60_000;
const SENTENCE_GAP_S = 0.25;
const PARAGRAPH_GAP_S = 0.6;

export interface AudioTimings {
  version: string;
  duration: number;
  voice: string;
  sentences: { id: string; paragraph: string; start: number; end: number }[];
}

/** What an audio token carries: the caller's role, and the article when it was issued for one. */
type AudioClaims = { a?: number; r: Role };

interface ArticleAccess {
  open(who: Who, id: number, full: boolean): Promise<ArticleRow>;
  once<T>(key: string, work: () => Promise<T>): Promise<T>;
}

/** The article read aloud: one MP3 per article version with each sentence's start and end, for follow-along highlighting. */
export function articleAudio(deps: Pick<ArticleMediaDeps, 'storage' | 'tts' | 'signed'>, { open, once }: ArticleAccess) {
  const { storage } = deps;

  async function ensureAudio(row: ArticleRow): Promise<{ key: string; timings: AudioTimings }> {
    const version = hash(articleVersion(row), deps.tts.voice, AUDIO_RENDER_VERSION);
    const key = `audio/article-${row.id}-${version}`;
    return once(key, async () => {
      const stored = await storage.get(`${key}.json`);
      if (stored && (await storage.head(`${key}.mp3`))) return { key, timings: JSON.parse(stored.toString('utf8')) as AudioTimings };
      const chunks: Buffer[] = [];
      let rate = 22050;
      let seconds = 0;
      const sentences: AudioTimings['sentences'] = [];
      const silence = (s: number) => Buffer.alloc(Math.round(s * rate) * 2);
      const paragraphs = parseParagraphs(row.content).filter((p) => p.kind !== 'figure');
      for (const p of paragraphs) {
        for (const s of p.sentences) {
          if (!/[A-Za-z0-9]/.test(s.text)) continue;
          const pcm: Pcm = await deps.tts.speak(s.text);
          rate = pcm.sampleRate;
          const length = pcm.samples.length / 2 / rate;
          sentences.push({ id: s.id, paragraph: p.id, start: round(seconds), end: round(seconds + length) });
          chunks.push(pcm.samples, silence(SENTENCE_GAP_S));
          seconds += length + SENTENCE_GAP_S;
        }
        chunks.push(silence(PARAGRAPH_GAP_S - SENTENCE_GAP_S));
        seconds += PARAGRAPH_GAP_S - SENTENCE_GAP_S;
      }
      if (sentences.length === 0) throw new NotFound('这篇文章没有可以朗读的句子');
      const mp3 = await encodeMp3({ samples: Buffer.concat(chunks), sampleRate: rate });
      const timings: AudioTimings = { version, duration: round(seconds), voice: deps.tts.voice, sentences };
      await storage.put(`${key}.mp3`, mp3, { contentType: 'audio/mpeg' });
      await storage.put(`${key}.json`, Buffer.from(JSON.stringify(timings)), { contentType: 'application/json' });
      return { key, timings };
    });
  }

  return {
    async audio(actor: Actor, id: number): Promise<AudioTimings> {
      const row = await open(actor, id, true);
      return (await ensureAudio(row)).timings;
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
      const { key } = await ensureAudio(row);
      const mp3 = await storage.get(`${key}.mp3`);
      if (!mp3) throw new NotFound('音频不存在');
      return mp3;
    },
  };
}

const round = (n: number) => Math.round(n * 1000) / 1000;
