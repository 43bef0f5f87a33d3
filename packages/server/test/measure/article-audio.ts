/*
 * Measures making one article's audio (espeak-ng sentence by sentence, lame) on a ~9,000-word
 * article: wall time and the process's peak resident memory above what it held before.
 *
 *   npx tsx packages/server/test/measure/article-audio.ts [path/to/server/src] [--words 9000]
 *
 * The article is the demo articles' paragraphs (original texts of this project) repeated to the
 * length asked. The server sources default to this checkout's; give another checkout's `src` (e.g.
 * main's, from `git archive main packages/server | tar -x -C /tmp/before`, with a `node_modules`
 * link to this one's) to measure the make before the audio became a task: there the request made
 * the whole audio itself (`audio(actor, id)`), here the task does (`buildAudio(id, report)`).
 * Run each in a fresh process: the peak (`maxRSS`) is the process's whole life.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const args = process.argv.slice(2);
const wordsAt = args.indexOf('--words');
const WORDS = wordsAt >= 0 ? Number(args[wordsAt + 1]) : 9000;
const src = path.resolve(
  args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--words') ?? path.join(import.meta.dirname, '../../src'),
);
const load = async <T>(file: string) => (await import(pathToFileURL(path.join(src, file)).href)) as T;

interface Paragraph {
  id: string;
}
const { paragraphFromText } = await load<{ paragraphFromText(kind: 'p', text: string, zh: string | null): Paragraph }>(
  'modules/articles/index.ts',
);
const { espeakTts } = await load<{ espeakTts(voice: string, speed: number): unknown }>('providers/tts/index.ts');
const { localStorage } = await load<{ localStorage(root: string): unknown }>('providers/storage/index.ts');
type Audio = {
  audio?: (actor: unknown, id: number) => Promise<unknown>;
  buildAudio?: (id: number, report: unknown) => Promise<unknown>;
};
const { articleAudio } = await load<{ articleAudio(deps: unknown, access: unknown): Audio }>('modules/article-media/article-audio.ts');

const demo = JSON.parse(fs.readFileSync(path.join(src, 'seed/demo-articles.json'), 'utf8')) as { paragraphs: { en: string }[] }[];
const texts = demo.flatMap((a) => a.paragraphs.map((p) => p.en));
const paragraphs: Paragraph[] = [];
let words = 0;
for (let i = 0; words < WORDS; i++) {
  const text = texts[i % texts.length]!;
  paragraphs.push(paragraphFromText('p', text, null));
  words += text.split(/\s+/).length;
}
const row = {
  id: 1,
  title: 'Measured',
  title_zh: null,
  content: JSON.stringify(paragraphs),
  cover: null,
  level_auto: 3,
  level_override: null,
  source: null,
};

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'changdu-audio-measure-'));
const deps = { storage: localStorage(dir), tts: espeakTts('en-us', 160), signed: null, jobs: null, limiter: null };
const audio = articleAudio(deps, { open: async () => row, once: (_key: string, work: () => Promise<unknown>) => work() });

const rssBefore = process.memoryUsage().rss;
const peakBefore = process.resourceUsage().maxRSS * 1024;
const started = performance.now();
if (audio.buildAudio) await audio.buildAudio(1, { progress: async () => undefined, signal: new AbortController().signal });
else await audio.audio!({ kind: 'anonymous', role: 'anonymous' }, 1);
const seconds = (performance.now() - started) / 1000;
const peak = process.resourceUsage().maxRSS * 1024;
const mp3 = fs.readdirSync(path.join(dir, 'audio')).find((f) => f.endsWith('.mp3'))!;
const size = fs.statSync(path.join(dir, 'audio', mp3)).size;
fs.rmSync(dir, { recursive: true, force: true });
const mb = (n: number) => (n / 1e6).toFixed(0);
process.stdout.write(
  `${audio.buildAudio ? 'task (streamed)' : 'request (whole in memory)'}: ${words} words, ${paragraphs.length} paragraphs, ` +
    `${seconds.toFixed(1)} s, MP3 ${(size / 1e6).toFixed(1)} MB (${((size * 8) / 48_000 / 60).toFixed(1)} min); ` +
    `RSS ${mb(rssBefore)} MB before, peak ${mb(peak)} MB (+${mb(peak - rssBefore)} MB; peak before the make ${mb(peakBefore)} MB)\n`,
);
