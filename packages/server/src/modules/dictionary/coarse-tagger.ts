import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { analyse, type TokenInContext } from './lemmatizer.js';
import type { HasPos } from './pos-lexicon.js';

/**
 * A second pass over wink-nlp's tags for the parts of speech a learner taps: noun, verb,
 * adjective, adverb or other. An averaged perceptron (`bench/train-tagger.ts`) that sees the
 * word, its affixes and shape, its neighbours, wink's tags around it and which parts of speech
 * the dictionary has for it, so it learns where wink's small model slips and where to trust it.
 * Trained on MASC (American National Corpus; its licence allows commercial development); the
 * model file holds feature weights only, no sentence of the corpus. docs/reading.md § Choosing
 * by context has its figures on corpora it never saw.
 */
export const CLASSES = ['noun', 'verb', 'adj', 'adv', 'other'] as const;
export type Coarse = (typeof CLASSES)[number];

/** The model as the trainer writes it: each feature's weight per class. */
export interface CoarseModelFile {
  classes: readonly string[];
  weights: Record<string, number[]>;
}

/** The model as it is held: one row of class weights per feature in a flat array (~4 MB, not ~10 as objects). */
export interface CoarseModel {
  classes: readonly string[];
  rows: Map<string, number>;
  weights: Float32Array;
}

export function compileModel(file: CoarseModelFile): CoarseModel {
  const n = file.classes.length;
  const names = Object.keys(file.weights);
  const weights = new Float32Array(names.length * n);
  const rows = new Map<string, number>();
  names.forEach((name, r) => {
    rows.set(name, r * n);
    weights.set(file.weights[name]!, r * n);
  });
  return { classes: file.classes, rows, weights };
}

const COARSE_OF: Record<string, Coarse> = { NOUN: 'noun', PROPN: 'noun', VERB: 'verb', AUX: 'verb', ADJ: 'adj', ADV: 'adv' };
/** wink's universal tag as a coarse class. */
export const coarseOf = (upos: string): Coarse => COARSE_OF[upos] ?? 'other';
const UPOS_OF: Record<Exclude<Coarse, 'other'>, string> = { noun: 'NOUN', verb: 'VERB', adj: 'ADJ', adv: 'ADV' };

const isWord = (t: TokenInContext | undefined) => !!t && /\p{L}/u.test(t.text);

function shape(text: string, first: boolean): string {
  if (/^\p{Lu}+$/u.test(text) && text.length > 1) return 'UPPER';
  if (/^\p{Lu}/u.test(text)) return first ? 'Cap1' : 'Cap';
  if (/\d/.test(text)) return 'digit';
  if (text.includes('-')) return 'hyphen';
  return 'lower';
}

/** The features of token i: the same function makes the training data and answers at run time. */
export function features(tokens: readonly TokenInContext[], i: number, has: HasPos): string[] {
  const t = tokens[i]!;
  const w = t.text.toLowerCase();
  const at = (k: number) => tokens[i + k];
  const lw = (k: number) => at(k)?.text.toLowerCase() ?? (k < 0 ? '<s>' : '</s>');
  const tag = (k: number) => at(k)?.pos ?? (k < 0 ? '<s>' : '</s>');
  const first = !tokens.slice(0, i).some(isWord);
  const lexicon = ['NOUN', 'VERB', 'ADJ', 'ADV'].filter((p) => has(w, p)).join('') || 'none';
  return [
    'b',
    `w=${w}`,
    `s3=${w.slice(-3)}`,
    `s2=${w.slice(-2)}`,
    `p2=${w.slice(0, 2)}`,
    `sh=${shape(t.text, first)}`,
    `t=${t.pos}`,
    `t-1=${tag(-1)}`,
    `t+1=${tag(1)}`,
    `t-2=${tag(-2)}`,
    `t+2=${tag(2)}`,
    `t-1t=${tag(-1)}|${t.pos}`,
    `tt+1=${t.pos}|${tag(1)}`,
    `t-1t+1=${tag(-1)}|${tag(1)}`,
    `w-1=${lw(-1)}`,
    `w+1=${lw(1)}`,
    `w-2=${lw(-2)}`,
    `w-1t=${lw(-1)}|${t.pos}`,
    `tw+1=${t.pos}|${lw(1)}`,
    `d=${lexicon}`,
    `dt=${lexicon}|${t.pos}`,
    `dt-1=${lexicon}|${tag(-1)}`,
    `dt+1=${lexicon}|${tag(1)}`,
    `ws3t-1=${w.slice(-3)}|${tag(-1)}`,
  ];
}

/** Scores of each class for a feature list. */
export function scores(model: CoarseModel, feats: string[]): number[] {
  const n = model.classes.length;
  const out = new Array<number>(n).fill(0);
  for (const f of feats) {
    const at = model.rows.get(f);
    if (at !== undefined) for (let c = 0; c < n; c++) out[c]! += model.weights[at + c]!;
  }
  return out;
}

export function predict(model: CoarseModel, feats: string[]): Coarse {
  const s = scores(model, feats);
  let best = 0;
  for (let c = 1; c < s.length; c++) if (s[c]! > s[best]!) best = c;
  return model.classes[best] as Coarse;
}

/**
 * Corrections the pass does not make, where the corpora's convention is not what a learner needs:
 * a participle read as an adjective ("felt lost", "broken things": pos-rules.ts decides; on the
 * corpora this change is right as often as wrong), and an adjective before a noun read as a noun
 * (PTB tags noun modifiers NN: "stock market"; but "calm summer evenings", "future generations"
 * want the adjective's meaning).
 */
function kept(t: TokenInContext, want: Coarse, next: TokenInContext | undefined): boolean {
  const from = coarseOf(t.pos);
  if (from === 'verb' && want === 'adj') return true;
  return from === 'adj' && want === 'noun' && (next?.pos === 'NOUN' || next?.pos === 'PROPN');
}

let loaded: CoarseModel | undefined;
/**
 * The trained model shipped beside this file (the build copies it beside the bundle), loaded once:
 * ~200 ms and ~5 MB. A missing file is a packaging fault, so it throws (at start: the dictionary
 * service loads it when it is made) rather than tag silently worse.
 */
export function coarseModel(file = new URL('./coarse-tagger.model.json.gz', import.meta.url)): CoarseModel {
  return (loaded ??= compileModel(JSON.parse(gunzipSync(readFileSync(file)).toString('utf8')) as CoarseModelFile));
}

/**
 * wink's tags with the second pass's corrections: a word the model reads as another content
 * class takes that class's tag (a name stays PROPN when the model says noun); "other" keeps wink's.
 */
export function correctTags(tokens: readonly TokenInContext[], has: HasPos, model: CoarseModel | null = coarseModel()): TokenInContext[] {
  if (!model) return tokens.map((t) => ({ ...t }));
  return tokens.map((t, i) => {
    if (!isWord(t)) return { ...t };
    const s = scores(model, features(tokens, i, has));
    let best = 0;
    for (let c = 1; c < s.length; c++) if (s[c]! > s[best]!) best = c;
    const want = model.classes[best] as Coarse;
    const winks = model.classes.indexOf(coarseOf(t.pos));
    if (want === 'other' || best === winks || kept(t, want, tokens[i + 1])) return { ...t };
    return { ...t, pos: UPOS_OF[want] };
  });
}

/**
 * A text's tokens as wink-nlp tags them with the second pass's corrections, without the lookup's
 * learner rules: what the offline sentence analysis reads (its main-clause rules were written on
 * corpus conventions; on the Treebank sample they claim 95.0% right with these tags, 94.7% with wink's).
 */
export function tagText(text: string, has: HasPos): TokenInContext[] {
  return correctTags(analyse(text), has);
}
