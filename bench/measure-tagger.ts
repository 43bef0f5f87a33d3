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
import { openEcdict } from '../packages/server/src/modules/dictionary/ecdict.js';
import { dictionaryHasPos } from '../packages/server/src/modules/dictionary/pos-lexicon.js';
import { analyse } from '../packages/server/src/modules/dictionary/lemmatizer.js';
import { tagSentence } from '../packages/server/src/modules/dictionary/pos-rules.js';

type Coarse = 'noun' | 'verb' | 'adj' | 'adv';
interface Gold {
  word: string;
  tag: Coarse | null;
}

/** A Penn Treebank tag (WSJ, MASC, CoNLL) as a coarse part of speech, or null when not a content word. */
function ptbCoarse(tag: string): Coarse | null {
  if (/^NNP?S?$/.test(tag)) return 'noun';
  if (/^VB[DGNPZ]?$/.test(tag)) return 'verb';
  if (/^JJ[RS]?$/.test(tag)) return 'adj';
  if (/^RB[RS]?$/.test(tag)) return 'adv';
  return null;
}

/** A Brown tag ("nn-tl", "vbd", "jjt", "np$") as a coarse part of speech; contractions ("vb+ppo") are skipped. */
function brownCoarse(raw: string): Coarse | null {
  if (raw.includes('+') || raw.startsWith('fw-')) return null;
  const tag = raw.replace(/-(tl|hl|nc)/g, '').replace(/\*$/, '');
  if (/^(nn|nns|np|nps|nr|nrs)\$?$/.test(tag)) return 'noun';
  if (/^(vb|vbd|vbg|vbn|vbz|be|bed|bedz|beg|bem|ben|ber|bez|hv|hvd|hvg|hvn|hvz|do|dod|doz)$/.test(tag)) return 'verb';
  if (/^jj[rst]?$/.test(tag)) return 'adj';
  if (/^rb[rt]?$/.test(tag)) return 'adv';
  return null;
}

const UNESCAPE: Record<string, string> = { '``': '"', "''": '"', '-LRB-': '(', '-RRB-': ')', '-LCB-': '{', '-RCB-': '}', '--': '—' };

/** Plain text from tokens, with each token's character offset in it. */
function detokenise(words: string[]): { text: string; starts: number[] } {
  let text = '';
  const starts: number[] = [];
  let quoteOpen = false;
  for (let i = 0; i < words.length; i++) {
    const w = UNESCAPE[words[i]!] ?? words[i]!.replace(/\\\//g, '/');
    const prev = i > 0 ? (UNESCAPE[words[i - 1]!] ?? words[i - 1]!) : '';
    let glue = text.length > 0;
    if (/^([,.;:?!%)\]}]|'s|'re|'ve|'ll|'d|'m|n't)$/i.test(w)) glue = false;
    if (/^[([{$]$/.test(prev)) glue = false;
    if (w === '"') {
      if (quoteOpen) glue = false;
      quoteOpen = !quoteOpen;
    } else if (prev === '"' && quoteOpen) glue = false;
    if (glue) text += ' ';
    starts.push(text.length);
    text += w;
  }
  return { text, starts };
}

function treebank(dir: string): Gold[][] {
  const out: Gold[][] = [];
  for (const file of fs.readdirSync(path.join(dir, 'tagged')).filter((f) => f.endsWith('.pos')).sort()) {
    let sentence: Gold[] = [];
    for (const tok of fs.readFileSync(path.join(dir, 'tagged', file), 'utf8').split(/\s+/)) {
      const at = tok.lastIndexOf('/');
      if (at <= 0 || tok === '[' || tok === ']') continue;
      const tag = tok.slice(at + 1);
      sentence.push({ word: tok.slice(0, at), tag: tag.includes('|') ? null : ptbCoarse(tag) });
      if (tag === '.') {
        out.push(sentence);
        sentence = [];
      }
    }
    if (sentence.length) out.push(sentence);
  }
  return out;
}

function brown(dir: string): Gold[][] {
  const out: Gold[][] = [];
  for (const file of fs.readdirSync(dir).filter((f) => /^c[a-r]\d\d$/.test(f)).sort()) {
    for (const line of fs.readFileSync(path.join(dir, file), 'utf8').split('\n')) {
      const toks = line.trim().split(/\s+/).filter(Boolean);
      if (!toks.length) continue;
      out.push(
        toks.map((tok) => {
          const at = tok.lastIndexOf('/');
          return { word: tok.slice(0, at), tag: brownCoarse(tok.slice(at + 1)) };
        }),
      );
    }
  }
  return out;
}

function masc(dir: string): Gold[][] {
  const out: Gold[][] = [];
  for (const file of fs.readdirSync(path.join(dir, 'written')).sort()) {
    for (const line of fs.readFileSync(path.join(dir, 'written', file), 'utf8').split('\n')) {
      const toks = line.trim().split(/\s+/).filter(Boolean);
      if (toks.length < 3) continue;
      out.push(
        toks.map((tok) => {
          const at = tok.lastIndexOf('_');
          return { word: tok.slice(0, at), tag: ptbCoarse(tok.slice(at + 1)) };
        }),
      );
    }
  }
  return out;
}

function conll(dir: string): Gold[][] {
  const out: Gold[][] = [];
  let sentence: Gold[] = [];
  for (const line of fs.readFileSync(path.join(dir, 'test.txt'), 'utf8').split('\n')) {
    const [word, tag] = line.split(' ');
    if (!word || !tag) {
      if (sentence.length) out.push(sentence);
      sentence = [];
      continue;
    }
    sentence.push({ word, tag: ptbCoarse(tag) });
  }
  if (sentence.length) out.push(sentence);
  return out;
}

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
  ['masc_tagged', masc],
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
    // TAGGER=raw measures wink-nlp alone, without the lookup's rules.
    const tokens = process.env.TAGGER === 'raw' ? analyse(text) : tagSentence(text, has);
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
