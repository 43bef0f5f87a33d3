// npx tsx bench/train-tagger.ts <corpora dir> [epochs]
// Trains the lookup's second tagging pass (packages/server/src/modules/dictionary/coarse-tagger.ts):
// an averaged perceptron over wink-nlp's tags, on MASC's training files (written, every fifth file
// held out for bench/measure-tagger.ts, plus spoken). MASC's licence allows commercial
// development; the corpus stays outside the repository and the model file holds feature weights
// only. Writes coarse-tagger.model.json.gz beside the module and prints the held-out accuracy.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { CLASSES, coarseOf, compileModel, features, predict, type Coarse, type CoarseModelFile } from '../packages/server/src/modules/dictionary/coarse-tagger.js';
import { openEcdict } from '../packages/server/src/modules/dictionary/ecdict.js';
import { dictionaryHasPos } from '../packages/server/src/modules/dictionary/pos-lexicon.js';
import { winkTags } from '../packages/server/src/modules/dictionary/pos-rules.js';
import { detokenise, masc, type Gold } from './tagged-corpora.js';

const root = process.argv[2];
if (!root) {
  console.error('usage: npx tsx bench/train-tagger.ts <corpora dir> [epochs]');
  process.exit(2);
}
const epochs = Number(process.argv[3] ?? 6);
const has = dictionaryHasPos(openEcdict());

interface Example {
  feats: string[];
  gold: Coarse;
  wink: Coarse;
}

/** Each sentence's word tokens as wink-nlp reads them, with the gold class at the same characters. */
function examples(sentences: Gold[][]): Example[][] {
  return sentences.map((gold) => {
    const { text, starts } = detokenise(gold.map((g) => g.word));
    const tokens = winkTags(text, has);
    const out: Example[] = [];
    let from = 0;
    tokens.forEach((t, i) => {
      const at = text.indexOf(t.text, from);
      if (at < 0) return;
      from = at + t.text.length;
      if (!/\p{L}/u.test(t.text)) return;
      const k = starts.findIndex((s) => s === at);
      if (k < 0) return;
      const g = gold[k]!;
      if (!/[a-z]/i.test(g.word)) return;
      out.push({ feats: features(tokens, i, has), gold: g.tag ?? 'other', wink: coarseOf(t.pos) });
    });
    return out;
  });
}

/** A seeded shuffle, so every training run writes the same model. */
function shuffle<T>(items: T[], seed: number): T[] {
  const out = [...items];
  let s = seed;
  for (let i = out.length - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) % 2147483648;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const started = Date.now();
const train = examples(masc(path.join(root, 'masc_tagged'), 'train', true)).flat();
const heldOut = examples(masc(path.join(root, 'masc_tagged'), 'held-out')).flat();
console.log(`examples: train ${train.length}, held out ${heldOut.length} (${Date.now() - started} ms)`);

// Averaged perceptron: each weight keeps its running total and when it last changed.
const n = CLASSES.length;
const weights = new Map<string, Float64Array>();
const totals = new Map<string, Float64Array>();
const stamps = new Map<string, Float64Array>();
let step = 0;
const slot = (m: Map<string, Float64Array>, f: string) => {
  let v = m.get(f);
  if (!v) m.set(f, (v = new Float64Array(n)));
  return v;
};
function update(f: string, c: number, delta: number) {
  const w = slot(weights, f);
  const t = slot(totals, f);
  const s = slot(stamps, f);
  t[c]! += (step - s[c]!) * w[c]!;
  s[c] = step;
  w[c]! += delta;
}

for (let epoch = 0; epoch < epochs; epoch++) {
  let right = 0;
  for (const ex of shuffle(train, epoch + 1)) {
    step++;
    // Scores straight from the live weights (no copy per example).
    const s = new Array<number>(n).fill(0);
    for (const f of ex.feats) {
      const w = weights.get(f);
      if (w) for (let c = 0; c < n; c++) s[c]! += w[c]!;
    }
    let guess = 0;
    for (let c = 1; c < n; c++) if (s[c]! > s[guess]!) guess = c;
    const gold = CLASSES.indexOf(ex.gold);
    if (guess === gold) right++;
    else
      for (const f of ex.feats) {
        update(f, gold, 1);
        update(f, guess, -1);
      }
  }
  console.log(`epoch ${epoch + 1}: ${((100 * right) / train.length).toFixed(2)}% of training examples right`);
}

// Average, round and prune weights too small to change a decision.
const averaged: Record<string, number[]> = {};
for (const [f, w] of weights) {
  const t = totals.get(f)!;
  const s = stamps.get(f)!;
  const avg = Array.from(w, (wc, c) => Math.round(((t[c]! + (step - s[c]!) * wc) / step) * 1000) / 1000);
  if (avg.some((a) => Math.abs(a) >= 0.01)) averaged[f] = avg;
}
const file: CoarseModelFile = { classes: CLASSES, weights: averaged };
const model = compileModel(file);

const content = (c: Coarse) => c !== 'other';
let winkRight = 0;
let mineRight = 0;
let total = 0;
for (const ex of heldOut) {
  if (!content(ex.gold)) continue;
  total++;
  if (ex.wink === ex.gold) winkRight++;
  const p = predict(model, ex.feats);
  // As correctTags applies it: "other" keeps wink's tag.
  if ((p === 'other' ? ex.wink : p) === ex.gold) mineRight++;
}
console.log(`MASC held-out content words: wink ${((100 * winkRight) / total).toFixed(2)}%, with the second pass ${((100 * mineRight) / total).toFixed(2)}% (${total} words)`);
const out = path.join(import.meta.dirname, '../packages/server/src/modules/dictionary/coarse-tagger.model.json.gz');
const bytes = gzipSync(JSON.stringify(file), { level: 9 });
fs.writeFileSync(out, bytes);
console.log(`wrote ${out}: ${Object.keys(averaged).length} features, ${(bytes.length / 1024).toFixed(0)} KB gzip (${Date.now() - started} ms)`);
