import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, describe, expect, it } from 'vitest';
import { localStorage } from '../../providers/storage/index.js';
import type { TtsProvider } from '../../providers/tts/index.js';
import { paragraphFromText } from '../articles/index.js';
import { articleAudio } from './article-audio.js';
import type { ArticleMediaDeps, ArticleRow } from './article-media.types.js';

// The collector on demand, so a sample measures what is held, not garbage not yet collected.
v8.setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'changdu-audio-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const RATE = 22_050;
const SENTENCE_S = 3;
const SENTENCES = 500;

describe('making an article’s audio', () => {
  it('holds a bounded amount of memory however long the article (here 500 sentences, 66 MB of PCM)', async () => {
    // 100 paragraphs of five sentences: an article of about 6,000 words.
    const paragraphs = Array.from({ length: SENTENCES / 5 }, (_, p) =>
      paragraphFromText(
        'p',
        Array.from({ length: 5 }, (_, s) => `Paragraph ${p + 1} says sentence ${s + 1} of five, with a dozen words or so in it.`).join(' '),
        null,
      ),
    );
    // Only the fields the audio reads: the text and what its version is made of.
    const row = {
      id: 1,
      title: 'A long article',
      title_zh: null,
      content: JSON.stringify(paragraphs),
      cover: null,
      level_auto: 3,
      level_override: null,
      source: null,
    } as unknown as ArticleRow;

    let spoken = 0;
    let peak = 0;
    const held = () => {
      gc();
      const m = process.memoryUsage();
      return m.heapUsed + m.arrayBuffers;
    };
    // A voice that answers at once with three seconds per sentence (new memory each time, as
    // espeak-ng's output is; quiet, which lame encodes fastest), sampling memory as it goes.
    const tts: TtsProvider = {
      name: 'test',
      voice: 'test@1',
      async speak() {
        spoken += 1;
        if (spoken % 25 === 0) peak = Math.max(peak, held());
        return { samples: Buffer.alloc(RATE * SENTENCE_S * 2), sampleRate: RATE };
      },
    };
    const storage = localStorage(dir);
    const audio = articleAudio(
      {
        storage,
        tts,
        signed: null as unknown as ArticleMediaDeps['signed'],
        jobs: null as unknown as ArticleMediaDeps['jobs'],
        limiter: null,
      },
      { open: async () => row },
    );
    const reports: number[] = [];
    const before = held();
    const done = await audio.buildAudio(1, {
      progress: async (percent) => void reports.push(percent),
      signal: new AbortController().signal,
    });
    peak = Math.max(peak, held());

    expect(spoken).toBe(SENTENCES);
    expect(done.sentences).toBe(SENTENCES);
    // 66 MB of PCM went through; what stayed in memory at any sample is a small fraction of it.
    const growth = peak - before;
    expect(growth, `memory grew by ${(growth / 1e6).toFixed(1)} MB`).toBeLessThan(12 * 1024 * 1024);
    // The timings and the MP3 agree with the sound made: 3 s a sentence, 0.25 s between, 0.6 s between paragraphs.
    const timings = JSON.parse(fs.readFileSync(path.join(dir, `${done.key}.json`), 'utf8')) as {
      duration: number;
      sentences: { start: number; end: number }[];
    };
    expect(timings.sentences[5]).toEqual({
      id: expect.any(String),
      paragraph: expect.any(String),
      start: 5 * 3.25 + 0.35,
      end: 5 * 3.25 + 0.35 + 3,
    });
    const expected = SENTENCES * (SENTENCE_S + 0.25) + (SENTENCES / 5) * 0.35;
    expect(timings.duration).toBeCloseTo(expected, 1);
    const mp3 = fs.statSync(path.join(dir, `${done.key}.mp3`)).size;
    expect((mp3 * 8) / 48_000).toBeCloseTo(expected, -1);
    // Progress was reported as it went, without claiming to be done before the file was.
    expect(reports.length).toBeGreaterThan(50);
    expect(Math.max(...reports)).toBeLessThan(100);
  }, 120_000);
});
