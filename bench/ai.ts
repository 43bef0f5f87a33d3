// npm run bench:ai — time to the first streamed byte of an AI answer, through the server
// (POST /api/ai/ask, stream: true: login check, article access, grounding from paragraphs,
// notes and word book, quota, provider call, SSE relay) vs. straight from the provider (the
// local fake OpenAI server), measured in the same run and interleaved, so the machine's load
// is shared. The figure is the ratio of the medians. AI_BENCH_RUNS sets the number of pairs.
import { startFakeAi } from '../packages/server/test/fake-ai.js';
import { ADMIN, createStore, login, publishedArticle, startServer } from './server-harness.js';

const RUNS = Number(process.env.AI_BENCH_RUNS ?? 40);

/** Milliseconds from sending `init` to `url` until the first body byte that holds `marker`. */
async function firstByte(url: string, init: RequestInit, marker: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(url, init);
  if (!res.ok || !res.body) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let seen = '';
  let at: number | null = null;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    seen += value;
    if (at === null && seen.includes(marker)) at = performance.now() - started;
  }
  if (at === null) throw new Error(`${url}: no ${marker} in ${seen.slice(0, 300)}`);
  return at;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const p90 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.9))]!;

async function main() {
  // The fake answers like a model does: a first chunk, then the rest 5 ms apart.
  const fake = await startFakeAi({ answer: 'The council approved the budget for libraries. '.repeat(6), chunkSize: 12, chunkDelayMs: 5 });
  process.env.AI_BASE_URL = fake.baseUrl;
  process.env.AI_MODEL = 'bench-model';
  process.env.AI_PROVIDER = 'openai';
  const store = await createStore('sqlite');
  const server = await startServer(store);
  try {
    // A manager: not limited by the daily quota.
    const token = await login(server.origin, ADMIN.phone, ADMIN.password);
    const { id, root } = await publishedArticle(server.origin, token);
    const direct: number[] = [];
    const through: number[] = [];
    for (let i = -3; i < RUNS; i++) {
      const viaProvider = await firstByte(
        `${fake.baseUrl}/chat/completions`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ model: 'bench-model', stream: true, messages: [{ role: 'user', content: `Question ${i}` }] }),
        },
        '"content":"The',
      );
      // A new question each time: an identical one would be served from storage.
      const viaServer = await firstByte(
        `${server.origin}/api/ai/ask`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ prompt: `Why did the zebra cross the river? (${i})`, article_id: id, pos: root, stream: true }),
        },
        'event: chunk',
      );
      // The first three pairs warm both paths up (JIT, connection pools) and are not counted.
      if (i < 0) continue;
      direct.push(viaProvider);
      through.push(viaServer);
    }
    const ratio = median(through) / median(direct);
    console.log(`AI time to first streamed byte, ${RUNS} pairs (SQLite, fake OpenAI-compatible provider on 127.0.0.1):`);
    console.log(`  straight from the provider: median ${median(direct).toFixed(1)} ms, p90 ${p90(direct).toFixed(1)} ms`);
    console.log(`  through the server:         median ${median(through).toFixed(1)} ms, p90 ${p90(through).toFixed(1)} ms`);
    console.log(`  ratio (server / provider):  ${ratio.toFixed(2)}×, the server adds ${(median(through) - median(direct)).toFixed(1)} ms`);
  } finally {
    await server.stop();
    await store.drop();
    await fake.close();
  }
}

await main();
