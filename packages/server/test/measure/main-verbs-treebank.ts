/*
 * Measures the offline analysis's main-verb claims on Penn Treebank press text (WSJ parses).
 *
 *   npx tsx packages/server/test/measure/main-verbs-treebank.ts [/work/corpora/treebank/combined] [--limit N] [--wrong] [--silent]
 *
 * The gold main verb of a sentence is read from its parse: the top S's VP, followed down through
 * its auxiliaries' VPs to the lexical verb (a coordinated S or VP: its first conjunct). Prints the
 * share of claimed predicates that are right and the share of sentences with a claim, for the
 * rules now (`mainClause`) and for the analysis before them (the first clause's verb).
 * The corpus stays where it is: nothing of it is written into the repository.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { analyse, openEcdict } from '../../src/modules/dictionary/index.js';
import { mainClause } from '../../src/modules/ai/main-clause.js';
import { tagText } from '../../src/modules/dictionary/coarse-tagger.js';
import { dictionaryHasPos } from '../../src/modules/dictionary/pos-lexicon.js';
import { tagSentence } from '../../src/modules/dictionary/pos-rules.js';

// TAGS=pass (default): as the offline analysis tags (tagText); wink: wink-nlp alone; lookup: as the word lookup tags.
const tagsFrom = process.env.TAGS ?? 'pass';
const hasPos = dictionaryHasPos(openEcdict());
const tagged = (text: string) =>
  (tagsFrom === 'pass' ? tagText(text, hasPos) : tagsFrom === 'lookup' ? tagSentence(text, hasPos) : analyse(text)).filter((t) => t.pos !== 'SPACE');

interface Tree {
  label: string;
  children: Tree[];
  word?: string;
  /** Index among the sentence's words (leaves without traces). */
  index?: number;
}

function parse(text: string): Tree[] {
  const tokens = text.match(/\(|\)|[^\s()]+/g) ?? [];
  let at = 0;
  function node(): Tree {
    at++; // (
    const label = tokens[at] !== '(' && tokens[at] !== ')' ? tokens[at++]! : '';
    const children: Tree[] = [];
    let word: string | undefined;
    while (tokens[at] !== ')') {
      if (tokens[at] === '(') children.push(node());
      else word = tokens[at++];
    }
    at++;
    return { label, children, word };
  }
  const out: Tree[] = [];
  while (at < tokens.length) out.push(node());
  return out;
}

function leaves(t: Tree, out: Tree[] = []): Tree[] {
  if (t.word !== undefined) {
    if (t.label !== '-NONE-') {
      t.index = out.length;
      out.push(t);
    }
  } else for (const c of t.children) leaves(c, out);
  return out;
}

const base = (label: string) => label.split(/[-=]/)[0]!;

/** The lexical verb heading a VP chain. */
function headVerb(vp: Tree): Tree | null {
  const verbs = vp.children.filter((c) => /^(VB|MD)/.test(c.label) && c.word !== undefined);
  const inner = vp.children.find((c) => base(c.label) === 'VP');
  if (verbs.length === 0 && inner) return headVerb(inner);
  if (inner && verbs.length > 0) {
    // Auxiliary + VP ("has been", "will join"): the lexical verb is inside.
    const down = headVerb(inner);
    if (down) return down;
  }
  return verbs[verbs.length - 1] ?? null;
}

function goldVerb(s: Tree): Tree | null {
  const vp = s.children.find((c) => base(c.label) === 'VP');
  if (vp) return headVerb(vp);
  const inner = s.children.find((c) => ['S', 'SINV'].includes(base(c.label)));
  return inner ? goldVerb(inner) : null;
}

const DETOK: [RegExp, string][] = [
  [/-LRB-/g, '('],
  [/-RRB-/g, ')'],
  [/-LCB-/g, '{'],
  [/-RCB-/g, '}'],
  [/``/g, '“'],
  [/''/g, '”'],
];

function sentenceText(words: string[]): string {
  let text = words.map((w) => DETOK.reduce((s, [re, r]) => s.replace(re, r), w)).join(' ');
  text = text
    .replace(/ ([,.;:?!%)}”])/g, '$1')
    .replace(/([({“$]) /g, '$1')
    .replace(/ (n't|'s|'re|'ve|'ll|'d|'m|')(?=\s|$)/g, '$1');
  return text;
}

const dir = process.argv.slice(2).find((a) => !a.startsWith('--')) ?? '/work/corpora/treebank/combined';
const limitAt = process.argv.indexOf('--limit');
const limit = limitAt > 0 ? Number(process.argv[limitAt + 1]) : Infinity;
const showWrong = process.argv.includes('--wrong');
// The sentences with no claim and their gold verb (what coverage would gain).
const showSilent = process.argv.includes('--silent');
const silent: string[] = [];
const dict = openEcdict();

let sentences = 0;
const now = { claimed: 0, right: 0, groupRight: 0, subjects: 0, subjectsRight: 0 };
const before = { claimed: 0, right: 0 };
const wrong: string[] = [];
for (const file of readdirSync(dir).filter((f) => f.endsWith('.mrg')).sort()) {
  for (const root of parse(readFileSync(path.join(dir, file), 'utf8'))) {
    if (sentences >= limit) break;
    const top = root.label ? root : root.children[0];
    if (!top || !['S', 'SINV'].includes(base(top.label))) continue;
    const words = leaves(top);
    const gold = goldVerb(top);
    if (!gold || words.length < 4 || words.length > 60) continue;
    sentences++;
    const text = sentenceText(words.map((w) => w.word!));
    const goldWord = gold.word!.toLowerCase();
    const tokens = tagged(text);
    // The gold verb is the k-th occurrence of its word; the claim must be that same occurrence.
    const occurrence = words.slice(0, gold.index).filter((w) => w.word!.toLowerCase() === goldWord).length;
    const same = (i: number) =>
      tokens[i]!.text.toLowerCase() === goldWord && tokens.slice(0, i).filter((t) => t.text.toLowerCase() === goldWord).length === occurrence;

    const m = mainClause(tokens, dict);
    if (m.predicate) {
      now.claimed++;
      // The claimed group holds the parse's head: PTB brackets "were closed", "was relieved" as
      // be + adjective phrase, so its head is "were" where the analysis shows "were closed".
      if (Array.from({ length: m.predicate.end - m.predicate.start }, (_, k) => m.predicate!.start + k).some(same)) now.groupRight++;
      const inGroup = Array.from({ length: m.predicate.end - m.predicate.start }, (_, k) => m.predicate!.start + k).some(same);
      if (same(m.predicate.end - 1)) now.right++;
      // GROUP_WRONG=1: list only the claims wrong even counted by the verb group (the ones to read by hand).
      else if (showWrong && !(process.env.GROUP_WRONG && inGroup)) wrong.push(`${text}\n    gold ${gold.word}, claimed ${tokens.slice(m.predicate.start, m.predicate.end).map((t) => t.text).join(' ')}`);
      const sbj = top.children.find((c) => c.label.startsWith('NP-SBJ'));
      if (m.subject && sbj) {
        now.subjects++;
        const sbjWords = leaves(sbj, []).map((w) => w.word!.toLowerCase());
        const claimed = tokens.slice(m.subject.start, m.subject.end).map((t) => t.text.toLowerCase());
        if (sbjWords.join(' ') === claimed.join(' ')) now.subjectsRight++;
      }
    } else if (showSilent) silent.push(`${text}\n    gold ${gold.word}`);
    // Before: the first verb group the clause splitter found (its last word), whatever clause it was in.
    const firstVerb = tokens.findIndex((t) => t.pos === 'VERB' || t.pos === 'AUX');
    if (firstVerb >= 0) {
      let end = firstVerb;
      while (end + 1 < tokens.length && ['VERB', 'AUX'].includes(tokens[end + 1]!.pos)) end++;
      before.claimed++;
      if (same(end)) before.right++;
    }
  }
}
const say = (line: string) => process.stdout.write(`${line}\n`);
const pct = (a: number, b: number) => `${((100 * a) / Math.max(1, b)).toFixed(1)}%`;
say(`treebank: ${sentences} sentences (${dir})`);
say(`before (first verb group): claimed ${pct(before.claimed, sentences)}, right ${pct(before.right, before.claimed)} of claims`);
say(`now (main clause rules):   claimed ${pct(now.claimed, sentences)} (${now.claimed}), right ${pct(now.right, now.claimed)} of claims (${now.right})`);
say(`  right when the claimed verb group holds the parse's head (be + participle PTB brackets as an adjective phrase): ${pct(now.groupRight, now.claimed)} (${now.groupRight})`);
say(`subjects claimed: ${now.subjects}, equal to the parse's NP-SBJ: ${pct(now.subjectsRight, now.subjects)}`);
if (showWrong) say(wrong.slice(0, Number(process.env.WRONG ?? 60)).join('\n'));
if (showSilent) say(silent.slice(0, Number(process.env.SILENT ?? 60)).join('\n'));
