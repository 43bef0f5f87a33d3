// npx tsx bench/measure-tagger.ts <corpora dir> [max sentences per corpus]
// The lookup's part of speech measured on annotated text nobody here wrote: the NLTK data's Penn
// Treebank sample, Brown, MASC (tagged) and CoNLL-2000, fetched outside the repository (their
// sentences stay there; this prints figures only). Each sentence is detokenised to plain text, tagged
// exactly as `GET /api/english/word` tags it (tagSentence: wink-nlp + the lookup's rules), and each
// gold token is compared with the tagger's token at the same characters, on the coarse parts of
// speech a learner sees: noun, verb, adjective, adverb. Content words are tokens whose gold tag is
// a noun (NN*, NP*), verb (VB* and Brown's be/have/do forms), adjective (JJ*) or adverb (RB*);
// modals, particles, numbers and function words are left out.
import fs from 'node:fs';
import path from 'node:path';
import { brown, conll, detokenise, masc, treebank, type Coarse, type Gold } from './tagged-corpora.js';
import { openEcdict } from '../packages/server/src/modules/dictionary/ecdict.js';
import { dictionaryHasPos } from '../packages/server/src/modules/dictionary/pos-lexicon.js';
import { analyse } from '../packages/server/src/modules/dictionary/lemmatizer.js';
import { correctTags } from '../packages/server/src/modules/dictionary/coarse-tagger.js';
import { tagSentence, winkTags } from '../packages/server/src/modules/dictionary/pos-rules.js';

const UPOS_COARSE: Record<string, Coarse> = { NOUN: 'noun', PROPN: 'noun', VERB: 'verb', AUX: 'verb', ADJ: 'adj', ADV: 'adv' };

const root = process.argv[2];
if (!root) {
  console.error('usage: npx tsx bench/measure-tagger.ts <corpora dir> [max sentences per corpus]');
  process.exit(2);
}
const limit = Number(process.argv[3] ?? Infinity);
const has = dictionaryHasPos(openEcdict());
const corpora: [string, (dir: string) => Gold[][]][] = [
  ['treebank', treebank],
  ['brown', brown],
  // Only MASC's held-out files: the second pass (coarse-tagger.ts) is trained on the others.
  ['masc_tagged', (dir) => masc(dir, 'held-out')],
  ['conll2000', conll],
];

let allRight = 0;
let allTotal = 0;
const confusions = new Map<string, number>();
for (const [name, read] of corpora) {
  const dir = path.join(root, name);
  if (!fs.existsSync(dir)) continue;
  let sentences = read(dir);
  // An even spread over the corpus when a limit is given (Brown is 57,000 sentences).
  if (sentences.length > limit) {
    const step = sentences.length / limit;
    sentences = Array.from({ length: limit }, (_, i) => sentences[Math.floor(i * step)]!);
  }
  let right = 0;
  let total = 0;
  const started = Date.now();
  for (const gold of sentences) {
    const { text, starts } = detokenise(gold.map((g) => g.word));
    // TAGGER=raw measures wink-nlp alone; TAGGER=pass wink with the trained second pass, without the
    // lookup's rules; TAGGER=rules wink with the rules, without the second pass.
    const mode = process.env.TAGGER;
    const tokens =
      mode === 'raw' ? analyse(text) : mode === 'pass' ? correctTags(winkTags(text, has), has) : mode === 'rules' ? tagSentence(text, has, null) : tagSentence(text, has);
    // The tagger's tokens at their characters: each found after the previous one.
    const at: { start: number; end: number; pos: string; text: string }[] = [];
    let from = 0;
    for (const t of tokens) {
      const i = text.indexOf(t.text, from);
      if (i < 0) continue;
      at.push({ start: i, end: i + t.text.length, pos: t.pos, text: t.text });
      from = i + t.text.length;
    }
    gold.forEach((g, k) => {
      // Symbols the corpora tag as nouns (%, /) and the negation n't/not (UD's PART) are not words a learner taps for a meaning.
      if (!g.tag || !/[a-z]/i.test(g.word) || /^(not|n't)$/i.test(g.word)) return;
      const start = starts[k]!;
      const mine = at.find((a) => a.start <= start && start < a.end);
      const got = mine ? (UPOS_COARSE[mine.pos] ?? mine.pos.toLowerCase()) : 'unaligned';
      total++;
      if (got === g.tag) right++;
      else {
        const key = `${g.tag} → ${got}`;
        confusions.set(key, (confusions.get(key) ?? 0) + 1);
        const wordKey = `  ${g.tag} → ${got}: ${g.word.toLowerCase()}`;
        confusions.set(wordKey, (confusions.get(wordKey) ?? 0) + 1);
      }
    });
  }
  allRight += right;
  allTotal += total;
  console.log(
    `${name}: ${right}/${total} content words right = ${((100 * right) / total).toFixed(2)}% (${sentences.length} sentences, ${Date.now() - started} ms)`,
  );
}
console.log(`all: ${allRight}/${allTotal} = ${((100 * allRight) / allTotal).toFixed(2)}%`);
const top = [...confusions].sort((a, b) => b[1] - a[1]);
console.log('top confusions (gold → tagger):');
for (const [k, n] of top.filter(([k]) => !k.startsWith(' ')).slice(0, 12)) console.log(`  ${k}: ${n}`);
console.log('top confused words:');
for (const [k, n] of top.filter(([k]) => k.startsWith(' ')).slice(0, Number(process.env.TOP_WORDS ?? 40))) console.log(`${k}: ${n}`);
