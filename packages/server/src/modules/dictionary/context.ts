import type { EcdictEntry } from './ecdict.js';
import { auxiliaryWord, functionWord, isFunctionUse, multiplierWord } from './function-words.js';
import { analyse, type TokenInContext } from './lemmatizer.js';
import { tappedToken } from './tapped-token.js';
import { lineItems } from './ecdict-clean.js';
import { sentenceTopic, topicFirst, topicSenseFirst } from './topic.js';
import { frameItemFirst } from './frame-items.js';
import { COMPLEMENT_FRAMES, frameUse, senseFit } from './frame-senses.js';
import { commonItemFirst, generalItemFirst, nameItemsLast, orderBySense, type RankedSense, type SenseBridges } from './sense-order.js';
import type { WnPos, WordNet, WordNetSense } from './wordnet.js';
import { cosine, meanVector, type WordVectors } from './word-vectors.js';

/** A Chinese meaning line of ECDICT; `fits` when its part of speech is the word's in this sentence. */
export interface MeaningInContext {
  pos: string | null;
  text: string;
  fits: boolean;
}

export interface DefinitionInContext {
  pos: WnPos;
  text: string;
  /** Words the sense shares with the sentence (how it was chosen). */
  overlap: number;
}

/** What the dictionary says about a word as used in one sentence. */
export interface SensesInContext {
  /** The tagger's universal part of speech for the tapped token (VERB, NOUN, …), or null without a sentence. */
  pos: string | null;
  /** Chinese meanings, those of the word's part of speech first, then the others. */
  meanings: MeaningInContext[];
  /** English definitions of that part of speech, best fitting the sentence first. */
  definitions: DefinitionInContext[];
  /** A learner's explanation in Chinese when the word is a function word (the, of, to…). */
  functionNote: string | null;
  /** Whether the sentence settled which fitting meaning is meant: one item fits, or the first shown says the WordNet sense its words point to. */
  senseSure: boolean;
}

/** ECDICT's part-of-speech labels grouped as the tagger's universal tags. */
const LABEL_TO_UPOS: Record<string, string[]> = {
  n: ['NOUN', 'PROPN'],
  v: ['VERB', 'AUX'],
  vt: ['VERB', 'AUX'],
  vi: ['VERB', 'AUX'],
  aux: ['AUX', 'VERB'],
  a: ['ADJ'],
  adj: ['ADJ'],
  s: ['ADJ'],
  ad: ['ADV'],
  adv: ['ADV'],
  r: ['ADV'],
  prep: ['ADP', 'SCONJ'],
  conj: ['CCONJ', 'SCONJ'],
  pron: ['PRON', 'DET'],
  art: ['DET'],
  det: ['DET'],
  num: ['NUM'],
  int: ['INTJ'],
  interj: ['INTJ'],
};
const UPOS_TO_WORDNET: Record<string, WnPos> = { NOUN: 'n', PROPN: 'n', VERB: 'v', AUX: 'v', ADJ: 'a', ADV: 'r' };
const LABEL_TO_WORDNET: Record<string, WnPos> = { n: 'n', v: 'v', vt: 'v', vi: 'v', a: 'a', adj: 'a', ad: 'r', adv: 'r' };

/**
 * Labels already read: the tagger asks for every token of every sentence it tags, and ECDICT
 * uses a few dozen labels. Bounded all the same, since a label is whatever a line starts with.
 */
const uposByLabel = new Map<string, readonly string[]>();
const NO_UPOS: readonly string[] = Object.freeze([]);

/** Universal tags an ECDICT label ("vt.", "vt. & vi.", "a.") stands for. */
export function uposOfLabel(label: string | null): readonly string[] {
  if (!label) return NO_UPOS;
  let upos = uposByLabel.get(label);
  if (upos === undefined) {
    upos = Object.freeze(
      label
        .split(/[&.,\s]+/)
        .filter(Boolean)
        .flatMap((l) => LABEL_TO_UPOS[l.toLowerCase()] ?? []),
    );
    if (uposByLabel.size < 1000) uposByLabel.set(label, upos);
  }
  return upos;
}

export interface MeaningLine {
  readonly pos: string | null;
  readonly text: string;
}

/**
 * Each entry's lines, parsed once: the tagger's dictionary checks (pos-lexicon.ts) read them for
 * every token it tags. Entries are the dictionary's own objects, kept while its cache keeps them.
 */
const linesByEntry = new WeakMap<EcdictEntry, readonly MeaningLine[]>();

/** ECDICT's Chinese lines ("vt. 谈妥, 转让") as part of speech + meaning (a fresh array of shared, frozen lines). */
export function meaningLines(entry: EcdictEntry): MeaningLine[] {
  let lines = linesByEntry.get(entry);
  if (lines === undefined) {
    lines = Object.freeze(parseMeaningLines(entry).map((line) => Object.freeze(line)));
    linesByEntry.set(entry, lines);
  }
  return lines.slice();
}

/** A line of the word's own meanings: labelled with a part of speech, not a specialist's ("[计] 累加器") or a form note. */
export function isGeneralLine(line: { pos: string | null; text: string }): boolean {
  return line.pos !== null && !line.text.startsWith('[');
}

function parseMeaningLines(entry: EcdictEntry): { pos: string | null; text: string }[] {
  return (entry.translation ?? '')
    .split(/\\n|\\r|\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const m = line.match(/^([a-z]+\.(?:\s*&\s*[a-z]+\.)?)\s*(.*)$/);
      return m ? { pos: m[1]!, text: m[2]!.trim() } : { pos: null, text: line };
    })
    .filter((m) => m.text);
}

// Words too common to tell senses apart.
const STOP = new Set(
  'a an the of to and or but in on at for with by from as is are was were be been being it its this that these those he she they we you i his her their our your my me him them us not no so if than then there here what which who whom whose when where why how all any some one do does did have has had will would can could should may might must about into over after before up down out off very just also only more most such other'.split(
    ' ',
  ),
);

/** Words that count things: shared with a topic's gloss they say nothing of the topic ("each button" and "each element of a given set"). */
const QUANTIFIERS = new Set('each every another both either neither several many much few'.split(' '));

function contentWords(text: string): Set<string> {
  const words = new Set<string>();
  for (const raw of text.toLowerCase().match(/[a-z]+/g) ?? []) {
    if (raw.length < 3 || STOP.has(raw)) continue;
    words.add(raw);
    // A crude stem so "markets" meets "market" and "financial" meets "finance".
    words.add(raw.replace(/(ies|es|s|ed|ing|ly|al|ial|ment|er)$/, '').slice(0, 6));
  }
  return words;
}

/** How much the sentence's closeness to a gloss (a cosine of mean word vectors) weighs against SemCor's counts. */
const SIMILARITY_WEIGHT = 4;
/** What a frame fit weighs: more than SemCor's first sense's lead over one it counts a fifth as often, or two words the sentence shares with another's examples. */
const FRAME_WEIGHT = 3;

/**
 * Ranks a word's WordNet senses against its sentence: how often SemCor's hand-tagged text means
 * each sense (log of its count), words shared by the sentence and the sense's gloss, examples and
 * synonyms (a simplified Lesk), and, with word vectors, how close the sentence's words are to the
 * gloss's ("walked along the bank of the river" shares no word with "sloping land beside a body of
 * water" but lies near it). `bench/measure-sense-rank.ts` chose the weights (docs/reading.md).
 * A proper-noun sense ("Begin: Israeli statesman") never answers for a lower-case token.
 */
export function rankedSenses(
  senses: WordNetSense[],
  sentence: string | undefined,
  tapped: string,
  lemma: string,
  vectors?: WordVectors,
  frame?: TokenInContext['frame'],
): RankedSense[] {
  const lowerToken = tapped === tapped.toLowerCase();
  const context = contentWords(sentence ?? '');
  for (const w of contentWords(`${tapped} ${lemma}`)) context.delete(w);
  const target = new Set([tapped.toLowerCase(), lemma]);
  const plain = (text: string) =>
    (text.toLowerCase().match(/[a-z]+/g) ?? []).filter((w) => w.length >= 3 && !STOP.has(w) && !target.has(w));
  const sentenceVector = vectors && sentence ? meanVector(vectors, plain(sentence)) : null;
  // A topic's sense that SemCor finds over twice as often as any general one is the word's common sense
  // ("file": record in a court of law, 50 against 10 for smoothing with a file): no penalty.
  const generalCount = Math.max(0, ...senses.filter((s) => !s.technical).map((s) => s.count));
  // What follows the verb says which senses fit it (frame-senses.ts), when its senses differ in it.
  const fits = senseFit(frame, senses);
  const framed = !!fits && senses.some(fits) && senses.some((s) => !fits(s));
  const scored = senses
    .map((s, i) => ({ s, i }))
    .filter(({ s }) => !(s.proper && lowerToken))
    .map(({ s, i }) => {
      const gloss = `${s.definition} ${s.examples.join(' ')} ${s.words.join(' ').replace(/_/g, ' ')}`;
      const bag = contentWords(gloss);
      let overlap = 0;
      let telling = 0;
      for (const w of context)
        if (bag.has(w)) {
          overlap++;
          if (!QUANTIFIERS.has(w)) telling++;
        }
      const vector = sentenceVector && vectors ? meanVector(vectors, plain(gloss)) : null;
      const similarity = sentenceVector && vector ? cosine(sentenceVector, vector) : 0;
      // WordNet's order breaks ties between senses SemCor never saw; one filed under a topic (a
      // basketball move, a computing term) stands first only when the sentence shares a word with it
      // that is more than a quantifier.
      const prior = Math.log(1 + s.count) - i * 0.02 - (s.technical && telling === 0 && s.count <= 2 * generalCount ? 3 : 0);
      return {
        sense: s,
        overlap,
        similarity,
        frameFit: framed && fits !== null && fits(s),
        score: overlap + prior + SIMILARITY_WEIGHT * similarity,
      };
    });
  // The frame counts only where it decides, and is then evidence for the sense order (sense-order.ts):
  // the sense that would come first without it does not fit ("felt terrible" keeps its first sense
  // either way). A person alone after the verb decides only against a sense that takes no object or
  // clause ("start firing a weapon"): WordNet's person frames are too sparse to weigh senses that take one.
  const first = scored.length > 0 ? scored.reduce((a, b) => (b.score > a.score ? b : a), scored[0]!) : null;
  const intransitive = !!first && !first.sense.frames.some((f) => COMPLEMENT_FRAMES.has(f));
  const decided = framed && !!first && !first.frameFit && (frame !== 'person' || intransitive);
  if (!decided) return rankedWithout(scored);
  return scored
    .map((x) => ({ ...x, score: x.score + (x.frameFit ? FRAME_WEIGHT : 0) }))
    .sort((a, b) => b.score - a.score)
    .map(({ sense, overlap, similarity, frameFit }) => ({ sense, overlap, similarity, ...(frameFit ? { frame: true } : {}) }));
}

function rankedWithout(scored: { sense: WordNetSense; overlap: number; similarity: number; score: number }[]): RankedSense[] {
  return scored.sort((a, b) => b.score - a.score).map(({ sense, overlap, similarity }) => ({ sense, overlap, similarity }));
}

/** The English definitions of the ranked senses, best first. */
export function rankSenses(
  senses: WordNetSense[],
  sentence: string | undefined,
  tapped: string,
  lemma: string,
  vectors?: WordVectors,
): DefinitionInContext[] {
  return rankedSenses(senses, sentence, tapped, lemma, vectors).map(({ sense, overlap }) => ({
    pos: sense.pos,
    text: sense.definition,
    overlap,
  }));
}

/** ECDICT's English definitions as a fallback: lines of the right part of speech, no "See Thee." cross-references. */
function ecdictDefinitions(entry: EcdictEntry, wnPos: WnPos | null, tapped: string): DefinitionInContext[] {
  const lowerToken = tapped === tapped.toLowerCase();
  return (entry.definition ?? '')
    .split(/\\n|\r?\n(?!\s)/)
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .map((line) => {
      const m = line.match(/^([a-z]{1,6})\.?\s+(.*)$/);
      return { label: m?.[1] ?? null, text: m?.[2] ?? line };
    })
    .filter(({ text }) => text && !/\bSee [A-Z]\w*\.?$/.test(text))
    .filter(({ text }) => !(lowerToken && /^[A-Z][a-z]+ (statesman|writer|poet|painter|composer|king|queen|river|city)\b/.test(text)))
    .map(({ label, text }) => ({ pos: (label ? LABEL_TO_WORDNET[label] : undefined) ?? wnPos ?? ('n' as WnPos), text, overlap: 0, label }))
    .filter((d) => wnPos === null || d.pos === wnPos)
    .map(({ pos, text, overlap }) => ({ pos, text, overlap }));
}

/** The tapped token in its sentence (its `at`-th occurrence, case-insensitively: tapped-token.ts). */
export function tokenIn(word: string, sentence: string | undefined, at = 0): TokenInContext | null {
  if (!sentence) return null;
  const tokens = analyse(sentence);
  return tokens[tappedToken(tokens, sentence, word, at)] ?? null;
}

/**
 * Chooses what to show for a word in its sentence: meanings of the tagger's part of speech first,
 * English definitions from WordNet senses of that part of speech ranked by the sentence (ECDICT's
 * `definition` only when WordNet has none), and a learner's note for function words.
 */
export function sensesInContext(
  entry: EcdictEntry,
  sources: { wordnet: WordNet; bridges?: SenseBridges; vectors?: WordVectors },
  tapped: string,
  sentence: string | undefined,
  context: TokenInContext | null = tokenIn(tapped, sentence),
): SensesInContext {
  const pos = context?.pos ?? null;
  const fn = context?.auxiliary
    ? auxiliaryWord(context.auxiliary)
    : isFunctionUse(tapped, pos)
      ? functionWord(tapped)
      : pos === 'NOUN'
        ? multiplierWord(tapped, sentence)
        : null;
  let lines = meaningLines(entry);
  if (fn) lines = [{ pos: fn.pos, text: fn.meaning }, ...lines.filter((l) => l.pos !== null && !l.text.startsWith('['))];
  // Specialist lines ("[计] 累加器", "[医] 库") and form notes ("run的过去式") go after the word's own meanings.
  const fitsPos = (l: { pos: string | null }) => (pos === null ? true : uposOfLabel(l.pos).includes(pos));
  let meanings: MeaningInContext[] = lines.map((l) => ({ ...l, fits: isGeneralLine(l) && fitsPos(l) }));
  if (pos !== null && !meanings.some((m) => m.fits)) {
    // The tagger's part of speech has no line. An adverb use of a word the dictionary has only as an
    // adjective ("earn $4,000 monthly", 每月的) shows the adjective; otherwise (e.g. a participle used
    // as an adjective) ECDICT's order stays.
    const nearest = pos === 'ADV' ? lines.findIndex((l) => isGeneralLine(l) && uposOfLabel(l.pos).includes('ADJ')) : -1;
    const shown = nearest >= 0 ? nearest : 0;
    meanings = lines.map((l, i) => ({ ...l, fits: i === shown && isGeneralLine(l) }));
  }
  if (pos === null) meanings = meanings.map((m) => ({ ...m, fits: isGeneralLine(m) }));
  if (fn) meanings = meanings.map((m, i) => ({ ...m, fits: i === 0 }));
  const lemma = entry.word.toLowerCase();
  let ranked: RankedSense[] = [];
  let definitions: DefinitionInContext[] = [];
  if (!fn) {
    const firstLabel = (meanings.find((m) => m.fits && m.pos) ?? meanings.find((m) => m.pos))?.pos?.replace(/\..*$/, '') ?? null;
    const wnPos: WnPos | null =
      (pos ? UPOS_TO_WORDNET[pos] : undefined) ?? (pos === null && firstLabel ? (LABEL_TO_WORDNET[firstLabel] ?? null) : null);
    if (wnPos) ranked = rankedSenses(sources.wordnet.senses(lemma, wnPos), sentence, tapped, lemma, sources.vectors, context?.frame);
    if (sources.bridges && pos !== null)
      ranked = topicSenseFirst(
        ranked,
        sentence,
        sources.bridges,
        meanings.filter((m) => m.fits),
      );
    definitions = ranked.map(({ sense, overlap }) => ({ pos: sense.pos, text: sense.definition, overlap }));
    if (!definitions.length) definitions = ecdictDefinitions(entry, wnPos, tapped);
  }
  // The items of the sense the sentence means first (sense-order.ts); a passive ("was torn", "is run
  // by") shows the verb's vt. lines first.
  const valency = (m: MeaningInContext) =>
    context?.transitive === undefined || !m.pos ? 0 : /^vt\./.test(m.pos) === context.transitive ? 0 : /^v[ti]\./.test(m.pos) ? 1 : 0;
  const bySense =
    sources.bridges && !fn && pos !== null
      ? orderBySense(
          meanings.filter((m) => m.fits),
          ranked,
          sources.bridges,
          [tapped, lemma],
        )
      : { lines: meanings.filter((m) => m.fits), settled: false, firstSays: false, saysLikelySense: () => true };
  const general =
    sources.bridges && !fn ? generalItemFirst(bySense.lines, sources.bridges.glosses, ranked[0]?.sense.technical === true) : bySense.lines;
  const byDomain =
    sources.bridges && !fn && tapped === tapped.toLowerCase() ? nameItemsLast(general, sources.bridges.glosses, lemma) : general;
  // An everyday item goes before a rare narrow one (小孩 before 小山羊) in a line the sentence's sense did not reorder.
  const ecdictOrder = new Set(meanings);
  const byUse =
    sources.bridges && !fn
      ? commonItemFirst(
          byDomain,
          sources.bridges,
          { lemma, synonyms: ranked[0]?.sense.words.map((w) => w.replace(/_/g, ' ')) ?? [] },
          bySense.saysLikelySense,
          (line) => ecdictOrder.has(line),
        )
      : byDomain;
  const byValency = byUse.sort((a, b) => valency(a) - valency(b));
  // "fell 12%" 下跌, "fell silent" 变成, "the company added" 附带说明, "noted that" 注意: the item of the
  // verb's kind of use leads (frame-senses.ts#frameUse).
  const use = frameUse(
    context?.frame,
    ranked.map((r) => r.sense),
  );
  const measured = use ? frameItemFirst(byValency, use) : byValency;
  const rest = [...meanings.filter((m) => !m.fits && m.pos !== null), ...meanings.filter((m) => !m.fits && m.pos === null)];
  // In a sentence about markets and money or about the courts, the topic's meaning leads (topic.ts).
  const said = sources.bridges && !fn ? sentenceTopic(sentence) : null;
  const topic = said && pos && said.parts.has(pos) ? said : null;
  const { fitting, others } = topic ? topicFirst(topic, measured, rest, bySense) : { fitting: measured, others: rest };
  const ordered = [...fitting, ...others];

  const fittingItems = fitting.reduce((n, m) => n + lineItems(m.text).length, 0);
  const senseSure = fn !== null || pos === null || fittingItems <= 1 || (bySense.settled && fitting[0] === bySense.lines[0]);
  return { pos, meanings: ordered, definitions: definitions.slice(0, 3), functionNote: fn?.note ?? null, senseSure };
}
