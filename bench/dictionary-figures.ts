// node [the product's start flags] --import tsx bench/dictionary-figures.ts <checkout root>
// The dictionary service of a checkout timed alone, in a process of its own (run by bench/run.ts):
// lookups per second and the p99 of one lookup, without and with a sentence, three rounds over the
// same 1,565 words. Its own process so the figure is the dictionary's: measured inside the bench
// runner it also paid for the runner's heap (autocannon's results, Chromium's protocol buffers),
// whose young-generation collections landed inside look-ups. Prints one line of JSON.
import path from 'node:path';
import type * as DictionaryService from '../packages/server/src/modules/dictionary/dictionary.service.js';
import type * as Ecdict from '../packages/server/src/modules/dictionary/ecdict.js';

export interface LookupFigures {
  perSecond: number;
  p99: number;
}

const root = process.argv[2];
if (!root) {
  console.error('usage: node --import tsx bench/dictionary-figures.ts <checkout root>');
  process.exit(2);
}
const base = path.join(path.resolve(root), 'packages/server/src/modules/dictionary');
const { openEcdict } = (await import(path.join(base, 'ecdict.ts'))) as typeof Ecdict;
const { dictionaryService } = (await import(path.join(base, 'dictionary.service.ts'))) as typeof DictionaryService;
const dict = openEcdict();
const dictionary = dictionaryService(dict, { inWordBook: async () => false, recordLookup: () => undefined });
const words = dict
  .startingWith('a', 2000)
  .map((w) => w.word)
  .filter((w) => /^[a-z]+$/.test(w));

async function run(sentence: (w: string) => string | undefined): Promise<LookupFigures> {
  const each: number[] = [];
  const started = process.hrtime.bigint();
  for (let round = 0; round < 3; round++) {
    for (const word of words) {
      const t = process.hrtime.bigint();
      await dictionary.lookup(word, sentence(word), null).catch(() => undefined);
      each.push(Number(process.hrtime.bigint() - t) / 1e6);
    }
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  each.sort((a, b) => a - b);
  return { perSecond: Math.round(each.length / seconds), p99: each[Math.floor(each.length * 0.99)]! };
}

const plain = await run(() => undefined);
const inContext = await run((w) => `They talked about the ${w} yesterday.`);
dict.close();
console.log(JSON.stringify({ plain, inContext }));
