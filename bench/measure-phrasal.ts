// npx tsx bench/measure-phrasal.ts <corpora dir>
// Phrasal verbs in real text: the Penn Treebank sample and CoNLL-2000 (WSJ, fetched outside the
// repository; figures only) tag a verb's particle RP ("gave up", "turned the offer down"). Each
// verb with a particle after it (within four words, before any other verb) is tapped as the word
// lookup does (phraseFinder over the sentence): the phrase it names must be that verb with that
// particle. Verbs with no particle and no preposition after them are tapped too: any phrasal
// verb claimed there is counted as a false claim.
import path from 'node:path';
import { openEcdict } from '../packages/server/src/modules/dictionary/ecdict.js';
import { phraseIndex } from '../packages/server/src/modules/dictionary/phrase-index.js';
import { phraseFinder } from '../packages/server/src/modules/dictionary/phrases.js';
import { dictionaryHasPos } from '../packages/server/src/modules/dictionary/pos-lexicon.js';
import { tagSentence } from '../packages/server/src/modules/dictionary/pos-rules.js';
import { openWordNet } from '../packages/server/src/modules/dictionary/wordnet.js';
import { conllTagged, detokenise, treebankTagged, type Tagged } from './tagged-corpora.js';

type Tok = Tagged;
const root = process.argv[2];
if (!root) {
  console.error('usage: npx tsx bench/measure-phrasal.ts <corpora dir>');
  process.exit(2);
}

const dict = openEcdict();
const hasPos = dictionaryHasPos(dict);
// Tagged as the lookup tags a sentence (dictionary.service.ts): wink-nlp, the second pass, the rules.
const find = phraseFinder(dict, openWordNet(), phraseIndex(), (sentence) => tagSentence(sentence, hasPos));
const sets: [string, Tok[][]][] = [
  ['treebank', treebankTagged(path.join(root, 'treebank'))],
  ['conll2000', [...conllTagged(path.join(root, 'conll2000', 'train.txt')), ...conllTagged(path.join(root, 'conll2000', 'test.txt'))]],
];
const missed = new Map<string, number>();
const falseClaims = new Map<string, number>();
for (const [name, sentences] of sets) {
  let withParticle = 0;
  let right = 0;
  let wrongPhrase = 0;
  let plain = 0;
  let claimed = 0;
  for (const s of sentences) {
    const { text } = detokenise(s.map((t) => t.word));
    s.forEach((t, i) => {
      if (!/^VB/.test(t.tag) || !/^[a-z]+$/i.test(t.word)) return;
      let particle: string | null = null;
      let prepAfter = false;
      for (let k = i + 1; k < Math.min(s.length, i + 5); k++) {
        if (/^VB|^MD/.test(s[k]!.tag)) break;
        if (s[k]!.tag === 'RP') {
          particle = s[k]!.word.toLowerCase();
          break;
        }
        if (s[k]!.tag === 'IN' || s[k]!.tag === 'TO') prepAfter = true;
      }
      // The same word earlier in the sentence would be tapped instead: keep to first occurrences.
      if (s.findIndex((u) => u.word === t.word) !== i) return;
      const found = find(t.word, text)?.phrase;
      const claim = found && found.text.split(' ').length >= 2 ? found.text : null;
      if (particle) {
        withParticle++;
        if (claim && claim.split(' ').includes(particle)) right++;
        else {
          if (claim) wrongPhrase++;
          const key = `${t.word.toLowerCase()} … ${particle} → ${claim ?? '—'}`;
          missed.set(key, (missed.get(key) ?? 0) + 1);
          if (process.env.MISSED) console.log(`missed ${key}: ${text}`);
        }
      } else if (!prepAfter) {
        plain++;
        if (claim) {
          claimed++;
          falseClaims.set(`${t.word.toLowerCase()} → ${claim}: ${text.slice(0, 90)}`, 1);
        }
      }
    });
  }
  console.log(
    `${name}: verbs with a particle ${withParticle}: phrase named ${right} (${((100 * right) / withParticle).toFixed(1)}%), another phrase ${wrongPhrase}; ` +
      `verbs with neither particle nor preposition ${plain}: a phrase claimed on ${claimed} (${((100 * claimed) / plain).toFixed(2)}%)`,
  );
}
console.log('most missed:');
for (const [k, n] of [...missed].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`  ${k}: ${n}`);
console.log('claims where the corpus has no particle (first 25):');
for (const k of [...falseClaims.keys()].slice(0, 25)) console.log(`  ${k}`);
