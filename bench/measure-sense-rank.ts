// npx tsx bench/measure-sense-rank.ts [words per part of speech]
// How often the sense ranking (context.ts#rankedSenses) puts first the WordNet sense a sentence
// means, on sentences nobody here wrote: WordNet's own usage examples. For every common noun and
// verb with several senses (ECDICT corpus rank ≤ 10,000), each example that holds the word is tapped
// as a sentence, with that example taken out of its sense's gloss (leave one out: the ranking must
// not find the sentence in the gloss it is scored against). Prints top-1 accuracy of WordNet's first
// sense, of the ranking without word vectors (SemCor's counts and gloss overlap), and with them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { rankedSenses } from '../packages/server/src/modules/dictionary/context.js';
import { openEcdict } from '../packages/server/src/modules/dictionary/ecdict.js';
import { corpusRank } from '../packages/server/src/modules/dictionary/word-bands.js';
import { openWordNet, wordnetDir, type WnPos } from '../packages/server/src/modules/dictionary/wordnet.js';
import { openWordVectors } from '../packages/server/src/modules/dictionary/word-vectors.js';

const perPos = Number(process.argv[2] ?? 1500);
const ecdict = openEcdict();
const wordnet = openWordNet();
const vectors = openWordVectors();
const FILES: Record<string, WnPos> = { noun: 'n', verb: 'v' };
for (const [file, pos] of Object.entries(FILES)) {
  const lemmas = readFileSync(join(wordnetDir(), `index.${file}`), 'utf8')
    .split('\n')
    .filter((l) => /^[a-z]+ /.test(l))
    .map((l) => l.split(' '))
    .filter((f) => Number(f[2]) >= 2)
    .map((f) => f[0]!)
    .filter((w) => {
      const e = ecdict.lookup(w);
      const r = e ? corpusRank(e) : null;
      return r !== null && r > 0 && r <= 10_000;
    })
    .slice(0, perPos);
  const right = { first: 0, lesk: 0, vectors: 0 };
  const weighted = { first: 0, lesk: 0, vectors: 0 };
  let taps = 0;
  let weight = 0;
  for (const lemma of lemmas) {
    const senses = wordnet.senses(lemma, pos);
    senses.forEach((sense, i) => {
      for (const example of sense.examples) {
        const tapped = example.match(new RegExp(`\\b${lemma}(s|es|ed|d|ing)?\\b`, 'i'))?.[0];
        if (!tapped) continue;
        const heldOut = senses.map((s, k) => (k === i ? { ...s, examples: s.examples.filter((e) => e !== example) } : s));
        const lesk = rankedSenses(heldOut, example, tapped, lemma)[0]?.sense;
        const withVectors = rankedSenses(heldOut, example, tapped, lemma, vectors)[0]?.sense;
        // Weighed by SemCor's count of the sense, a tap stands for how often real text means it
        // (WordNet's examples are spread evenly over senses, real text is not).
        const w = 1 + sense.count;
        taps++;
        weight += w;
        const hits = { first: i === 0, lesk: lesk === heldOut[i], vectors: withVectors === heldOut[i] };
        for (const k of ['first', 'lesk', 'vectors'] as const) {
          if (!hits[k]) continue;
          right[k]++;
          weighted[k] += w;
        }
      }
    });
  }
  const pct = (n: number, of = taps) => `${((100 * n) / of).toFixed(1)}%`;
  console.log(
    `${file}: ${lemmas.length} words, ${taps} example taps — WordNet's first sense ${pct(right.first)}, counts + overlap ${pct(right.lesk)}, with word vectors ${pct(right.vectors)}; ` +
      `weighed by SemCor's sense counts: ${pct(weighted.first, weight)}, ${pct(weighted.lesk, weight)}, ${pct(weighted.vectors, weight)}`,
  );
}
