// Readers of the NLTK data's tagged corpora (fetched outside the repository; their sentences stay
// there) for bench/measure-tagger.ts and bench/train-tagger.ts: sentences of gold tokens with a
// coarse part of speech, and the detokenised text each is tagged from.
import fs from 'node:fs';
import path from 'node:path';

export type Coarse = 'noun' | 'verb' | 'adj' | 'adv';
export interface Gold {
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
export function detokenise(words: string[]): { text: string; starts: number[] } {
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

/** A token with the corpus's own Penn Treebank tag (for measures that need the fine tag, e.g. RP). */
export interface Tagged {
  word: string;
  tag: string;
}

/** The NLTK Treebank sample's sentences with their PTB tags. */
export function treebankTagged(dir: string): Tagged[][] {
  const out: Tagged[][] = [];
  for (const file of fs.readdirSync(path.join(dir, 'tagged')).filter((f) => f.endsWith('.pos')).sort()) {
    let sentence: Tagged[] = [];
    for (const tok of fs.readFileSync(path.join(dir, 'tagged', file), 'utf8').split(/\s+/)) {
      const at = tok.lastIndexOf('/');
      if (at <= 0 || tok === '[' || tok === ']') continue;
      const tag = tok.slice(at + 1);
      sentence.push({ word: tok.slice(0, at), tag });
      if (tag === '.') {
        out.push(sentence);
        sentence = [];
      }
    }
    if (sentence.length) out.push(sentence);
  }
  return out;
}

/** A PTB-tagged sentence with coarse gold tags (an ambiguous `A|B` tag is no gold). */
const coarseOf = (sentence: Tagged[]): Gold[] => sentence.map((t) => ({ word: t.word, tag: t.tag.includes('|') ? null : ptbCoarse(t.tag) }));

export function treebank(dir: string): Gold[][] {
  return treebankTagged(dir).map(coarseOf);
}

export function brown(dir: string): Gold[][] {
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

/**
 * MASC's written files; `part` splits them by file (every fifth held out), so the tagger's second
 * pass is trained on files it is never measured on. `spoken` adds the spoken files to training.
 */
export function masc(dir: string, part: 'all' | 'train' | 'held-out' = 'all', spoken = false): Gold[][] {
  const out: Gold[][] = [];
  const files = fs
    .readdirSync(path.join(dir, 'written'))
    .sort()
    .map((f) => path.join('written', f))
    .filter((_, i) => part === 'all' || (i % 5 === 0) === (part === 'held-out'));
  if (spoken) files.push(...fs.readdirSync(path.join(dir, 'spoken')).sort().map((f) => path.join('spoken', f)));
  for (const file of files) {
    for (const line of fs.readFileSync(path.join(dir, file), 'utf8').split('\n')) {
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

/** A CoNLL-2000 file's sentences with their PTB tags. */
export function conllTagged(file: string): Tagged[][] {
  const out: Tagged[][] = [];
  let sentence: Tagged[] = [];
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const [word, tag] = line.split(' ');
    if (!word || !tag) {
      if (sentence.length) out.push(sentence);
      sentence = [];
      continue;
    }
    sentence.push({ word, tag });
  }
  if (sentence.length) out.push(sentence);
  return out;
}

export function conll(dir: string): Gold[][] {
  return conllTagged(path.join(dir, 'test.txt')).map(coarseOf);
}
