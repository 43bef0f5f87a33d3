// npx tsx bench/measure-meaning-pos.ts <corpora dir> [taps per corpus]
// What a learner sees when tapping a content word of real text: is the first meaning the sheet
// shows of the word's part of speech in its sentence? Taps every content word of evenly spread
// sentences of the NLTK data's tagged corpora (outside the repository; figures only) through the
// dictionary service, as `GET /api/english/word?word&sentence&at` does, and compares the first
// meaning line's part of speech with the gold one. Words the dictionary has no line of that part
// of speech for are counted apart (no choice could be right), as are names (gold NNP).
import path from 'node:path';
import { occurrenceAt } from '../packages/contract/src/word-occurrence.js';
import { dictionaryService } from '../packages/server/src/modules/dictionary/dictionary.service.js';
import { openEcdict } from '../packages/server/src/modules/dictionary/ecdict.js';
import { uposOfLabel } from '../packages/server/src/modules/dictionary/context.js';
import { brown, conll, detokenise, masc, treebank, type Coarse, type Gold } from './tagged-corpora.js';

const root = process.argv[2];
if (!root) {
  console.error('usage: npx tsx bench/measure-meaning-pos.ts <corpora dir> [taps per corpus]');
  process.exit(2);
}
const perCorpus = Number(process.argv[3] ?? 2000);
const dict = openEcdict();
const service = dictionaryService(dict, { inWordBook: () => false, recordLookup: () => undefined });
const COARSE: Record<string, Coarse> = { NOUN: 'noun', PROPN: 'noun', VERB: 'verb', AUX: 'verb', ADJ: 'adj', ADV: 'adv' };
const coarseOfLabel = (label: string | null) => [
  ...new Set(
    uposOfLabel(label)
      .map((u) => COARSE[u])
      .filter(Boolean),
  ),
];

const corpora: [string, Gold[][]][] = [
  ['treebank', treebank(path.join(root, 'treebank'))],
  ['brown', brown(path.join(root, 'brown'))],
  ['masc_tagged', masc(path.join(root, 'masc_tagged'), 'held-out')],
  ['conll2000', conll(path.join(root, 'conll2000'))],
];
const misses = new Map<string, number>();
let allRight = 0;
let allTotal = 0;
for (const [name, sentences] of corpora) {
  let right = 0;
  let total = 0;
  let noLine = 0;
  const step = Math.max(1, Math.floor(sentences.length / (perCorpus / 8)));
  for (let s = 0; s < sentences.length && total < perCorpus; s += step) {
    const gold = sentences[s]!;
    const { text, starts } = detokenise(gold.map((g) => g.word));
    for (const [i, g] of gold.entries()) {
      if (!g.tag || !/^[a-z][a-z'-]*$/i.test(g.word) || /^(not|n't)$/i.test(g.word)) continue;
      // Names: the sheet answers them from the dictionary's form links, not by part of speech.
      if (/^[A-Z]/.test(g.word) && text.indexOf(g.word) > 0) continue;
      let first;
      try {
        // The occurrence tapped, as the reader sends it (a word twice in a sentence may be two parts of speech).
        const entry = await service.lookup(g.word, text, null, { at: occurrenceAt(text, g.word, starts[i]!) });
        if (!entry.meanings.some((m) => coarseOfLabel(m.pos).includes(g.tag!))) {
          noLine++;
          continue;
        }
        first = entry.meanings[0];
      } catch {
        continue;
      }
      total++;
      if (first && coarseOfLabel(first.pos).includes(g.tag)) right++;
      else {
        const key = `${g.tag} → ${first?.pos ?? 'none'}: ${g.word.toLowerCase()}`;
        misses.set(key, (misses.get(key) ?? 0) + 1);
      }
    }
  }
  allRight += right;
  allTotal += total;
  console.log(
    `${name}: first meaning of the gold part of speech ${right}/${total} = ${((100 * right) / total).toFixed(2)}% (${noLine} taps with no line of it left out)`,
  );
}
console.log(`all: ${allRight}/${allTotal} = ${((100 * allRight) / allTotal).toFixed(2)}%`);
for (const [k, n] of [...misses].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(`  ${k}: ${n}`);
