import { POS_LABELS, type Paragraph } from '@changdu/contract';
import { analyse, dictionaryHasPos, knownAt, meaningsOf, tagText, type Ecdict, type TokenInContext } from '../dictionary/index.js';
import { englishUnits } from './align.js';
import { mainClause, type Span } from './main-clause.js';

/*
 * The offline answers: real computation over the article and the dictionary, used when no AI
 * provider is configured. Every result that comes from here is labelled `offline: true`.
 */

const STOP = new Set(
  (
    'a an the and or but if of to in on at by for with from as is are was were be been being am do does did have has had ' +
    'it its this that these those there here he she they we you i me him her them us my your his their our not no so than then ' +
    'too very can could will would shall should may might must just also into about over after before up down out off again ' +
    'what which who whom whose when where why how all any both each few more most other some such only own same s t'
  ).split(' '),
);

// Tagging is the costly part of grounding a question, and the same paragraphs are tagged for
// every question about an article: their lemmas are kept, oldest dropped first.
const LEMMAS_KEPT = 2000;
const lemmaCache = new Map<string, readonly string[]>();

/** Content-word lemmas of a text (lower case, no stop words, no punctuation). */
export function contentLemmas(text: string): readonly string[] {
  const known = lemmaCache.get(text);
  if (known) return known;
  const lemmas = analyse(text)
    .filter((t) => /^[a-z]/i.test(t.text) && !STOP.has(t.lemma) && !['PUNCT', 'SYM', 'NUM', 'X', 'SPACE'].includes(t.pos))
    .map((t) => t.lemma);
  if (text.length <= 5000) {
    if (lemmaCache.size >= LEMMAS_KEPT) lemmaCache.delete(lemmaCache.keys().next().value!);
    lemmaCache.set(text, lemmas);
  }
  return lemmas;
}

export interface RankedSentence {
  paragraphId: string;
  en: string;
  zh: string | null;
  index: number;
}

/**
 * Extractive summary by TextRank (Mihalcea & Tarau 2004): sentences are nodes, edges weigh
 * the content words two sentences share (normalised by their lengths), PageRank orders them;
 * the best `k` are returned in reading order, each with the stored Chinese of its paragraph.
 * A sentence the article repeats word for word counts once. The graph is kept sparse (pairs
 * found through the words they share, PageRank over edge lists): a long article's ~600
 * sentences took ~240 ms as a dense matrix, on the event loop of every reader who opened it.
 */
export function textRank(paragraphs: Paragraph[], k = 3): RankedSentence[] {
  const sentences: (RankedSentence & { words: string[] })[] = [];
  const seen = new Set<string>();
  for (const p of paragraphs) {
    if (p.kind === 'figure') continue;
    for (const s of p.sentences) {
      if (seen.has(s.text)) continue;
      seen.add(s.text);
      const words = [...new Set(contentLemmas(s.text))];
      if (words.length >= 3) sentences.push({ paragraphId: p.id, en: s.text, zh: p.zh, index: sentences.length, words });
    }
  }
  const n = sentences.length;
  if (n <= k) return sentences.map(({ words: _, ...s }) => s);
  const holding = new Map<string, number[]>();
  sentences.forEach((s, i) => {
    for (const w of s.words) {
      const list = holding.get(w);
      if (list) list.push(i);
      else holding.set(w, [i]);
    }
  });
  // edges[i]: the sentences sharing a word with i, and the edge's weight.
  const edges: { to: number; weight: number }[][] = sentences.map(() => []);
  const shared = new Array<number>(n).fill(0);
  for (let i = 0; i < n; i++) {
    const touched: number[] = [];
    for (const w of sentences[i]!.words)
      for (const j of holding.get(w)!) {
        if (j <= i) continue;
        if (shared[j] === 0) touched.push(j);
        shared[j]!++;
      }
    for (const j of touched) {
      const weight = shared[j]! / (Math.log(sentences[i]!.words.length + 1) + Math.log(sentences[j]!.words.length + 1));
      edges[i]!.push({ to: j, weight });
      edges[j]!.push({ to: i, weight });
      shared[j] = 0;
    }
  }
  const out = edges.map((list) => list.reduce((a, e) => a + e.weight, 0));
  let score = new Array<number>(n).fill(1 / n);
  for (let iter = 0; iter < 40; iter++) {
    const next = new Array<number>(n).fill(0.15 / n);
    for (let j = 0; j < n; j++) for (const e of edges[j]!) next[e.to]! += (0.85 * e.weight * score[j]!) / out[j]!;
    score = next;
  }
  // A slight lead bonus: news puts the gist first, and ties are common in short articles.
  const ranked = sentences.map((s, i) => ({ s, score: score[i]! * (1 + 0.2 / (1 + s.index)) })).sort((a, b) => b.score - a.score);
  return ranked
    .slice(0, k)
    .map((r) => r.s)
    .sort((a, b) => a.index - b.index)
    .map(({ words: _, ...s }) => s);
}

/** Passages ranked against a question by BM25 over content lemmas. */
export function bestPassages<T>(items: T[], textOf: (item: T) => string, query: string, k: number): T[] {
  const terms = [...new Set(contentLemmas(query))];
  if (terms.length === 0) return [];
  const docs = items.map((item) => contentLemmas(textOf(item)));
  const avg = docs.reduce((a, d) => a + d.length, 0) / Math.max(1, docs.length);
  const df = new Map<string, number>();
  for (const d of docs) for (const t of new Set(d)) df.set(t, (df.get(t) ?? 0) + 1);
  const scored = docs.map((d, i) => {
    let score = 0;
    for (const t of terms) {
      const tf = d.filter((w) => w === t).length;
      if (tf === 0) continue;
      const idf = Math.log(1 + (docs.length - (df.get(t) ?? 0) + 0.5) / ((df.get(t) ?? 0) + 0.5));
      score += (idf * tf * 2.2) / (tf + 1.2 * (0.25 + 0.75 * (d.length / (avg || 1))));
    }
    return { item: items[i]!, score };
  });
  return scored
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score)
    .slice(0, k)
    .map((s) => s.item);
}

// The word sheet's labels (contract POS_LABELS), finer where an analysis tells kinds apart.
const POS_ZH: Readonly<Record<string, string>> = {
  ...POS_LABELS,
  CCONJ: '并列连词',
  SCONJ: '从属连词',
  PUNCT: '标点',
  SYM: '符号',
  X: '其他',
};

const BE = new Set(['am', 'is', 'are', 'was', 'were', 'be', 'been', 'being', "'s", "'re", "'m"]);
const HAVE = new Set(['have', 'has', 'had', "'ve", "'d"]);
const PAST_AUX = new Set(['was', 'were', 'had', 'did']);

/** The tense (and voice) of a verb group, from its auxiliaries and the main verb's form. */
function tenseOf(group: TokenInContext[], dict: Ecdict): string | null {
  if (group.length === 0) return null;
  const words = group.map((t) => t.text.toLowerCase());
  const main = group[group.length - 1]!;
  const mainForm = dict.lookup(main.lemma)?.exchange ?? {};
  const text = main.text.toLowerCase();
  const isPastParticiple = mainForm.d === text || (text.endsWith('ed') && main.lemma !== text);
  const isIng = text.endsWith('ing') && main.lemma !== text;
  const isPast = mainForm.p === text || (text.endsWith('ed') && main.lemma !== text);
  const modal = words.find((w) => ['will', 'shall', "'ll"].includes(w));
  const passive = group.length > 1 && words.slice(0, -1).some((w) => BE.has(w)) && isPastParticiple;
  const voice = passive ? '（被动语态）' : '';
  if (modal) return (words.some((w) => HAVE.has(w)) ? '将来完成时' : '一般将来时') + voice;
  const otherModal = words.find((w) => ['can', 'could', 'may', 'might', 'must', 'should', 'would'].includes(w));
  if (otherModal) return `情态动词 ${otherModal} + 动词原形${voice}`;
  const hasHave = words.find((w) => HAVE.has(w));
  if (hasHave && (isPastParticiple || passive || words.includes('been')))
    return (hasHave === 'had' || hasHave === "'d" ? '过去完成时' : '现在完成时') + (isIng ? '（进行）' : '') + voice;
  const be = words.slice(0, -1).find((w) => BE.has(w));
  if (be && isIng) return PAST_AUX.has(be) ? '过去进行时' : '现在进行时';
  if (passive) return (PAST_AUX.has(be ?? '') ? '一般过去时' : '一般现在时') + voice;
  if (words.some((w) => PAST_AUX.has(w)) || (group.length === 1 && isPast)) return '一般过去时';
  return '一般现在时';
}

function phrase(tokens: TokenInContext[]): string | null {
  const text = tokens
    .map((t) => t.text)
    .join(' ')
    .replace(/\s+([,.;:!?'’])/g, '$1')
    .trim();
  return text || null;
}

export interface Analysis {
  sentences: {
    text: string;
    subject: string | null;
    predicate: string | null;
    object: string | null;
    tense: string | null;
    verbs: { text: string; tense: string | null }[];
  }[];
  words: { text: string; pos: string; pos_zh: string; lemma: string }[];
  hard_words: { word: string; meaning: string }[];
}

const segmenter = new Intl.Segmenter('en', { granularity: 'sentence' });

/**
 * A text's structure, sentence by sentence (never across a boundary): the main clause's subject,
 * predicate and object where the rules of main-clause.ts are sure of them, the tense and voice of
 * every finite verb group; hard words are those a CET-6 learner is not expected to know, with
 * their dictionary meaning.
 */
export function analyseSentence(text: string, dict: Ecdict): Analysis {
  const pieces = englishUnits([...segmenter.segment(text)].map((s) => s.segment.trim()).filter(Boolean)).map((u) => u.text);
  const tokens: TokenInContext[] = [];
  const has = dictionaryHasPos(dict);
  const sentences = pieces.map((piece) => {
    const own = tagText(piece, has).filter((t) => t.pos !== 'SPACE');
    tokens.push(...own);
    const m = mainClause(own, dict);
    const span = (s: Span | null) => (s ? phrase(own.slice(s.start, s.end)) : null);
    return {
      text: piece,
      subject: span(m.subject),
      predicate: span(m.predicate),
      object: span(m.object),
      tense: m.predicate
        ? tenseOf(
            own.slice(m.predicate.start, m.predicate.end).filter((t) => t.pos !== 'ADV' && t.pos !== 'PART'),
            dict,
          )
        : null,
      verbs: m.finite.map((g) => ({
        text: phrase(own.slice(g.start, g.end)) ?? '',
        tense: tenseOf(
          own.slice(g.start, g.end).filter((t) => t.pos !== 'ADV' && t.pos !== 'PART'),
          dict,
        ),
      })),
    };
  });
  const hard = new Map<string, string>();
  for (const t of tokens) {
    if (!/^[a-z]/i.test(t.text) || t.pos === 'PROPN' || hard.has(t.lemma)) continue;
    const entry = dict.lemma(t.text.toLowerCase()) ?? dict.lookup(t.lemma);
    if (!entry || knownAt(entry, 'C6')) continue;
    const meaning = meaningsOf(entry)
      .slice(0, 2)
      .map((m) => (m.pos ? `${m.pos} ${m.text}` : m.text))
      .join('；');
    if (meaning) hard.set(entry.word.toLowerCase(), meaning);
  }
  return {
    sentences,
    words: tokens.map((t) => ({ text: t.text, pos: t.pos, pos_zh: POS_ZH[t.pos] ?? t.pos, lemma: t.lemma })),
    hard_words: [...hard].map(([word, meaning]) => ({ word, meaning })),
  };
}

/** Sentences of a text that mention `name` (whole words, any case). */
export function sentencesMentioning(paragraphs: Paragraph[], name: string): { paragraphId: string; sentence: string }[] {
  const pattern = new RegExp(`(^|[^\\p{L}])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}])`, 'iu');
  return paragraphs.flatMap((p) => p.sentences.filter((s) => pattern.test(s.text)).map((s) => ({ paragraphId: p.id, sentence: s.text })));
}

/** Paragraph ids cited as `[p…]` in an answer, in order, only those that exist in the article. */
export function citationsIn(answer: string, known: Set<string>): string[] {
  const found: string[] = [];
  for (const m of answer.matchAll(/\[(p[0-9a-z]+)(?:-s\d+)?\]/gi)) {
    const id = m[1]!;
    if (known.has(id) && !found.includes(id)) found.push(id);
  }
  return found;
}

/**
 * Cloze questions from an article's key sentences (TextRank): in each, the content word a
 * learner is least likely to know (rarest by corpus rank among nouns, verbs, adjectives and
 * adverbs) is blanked; its Chinese meaning is the hint.
 */
export function clozeQuestions(paragraphs: Paragraph[], dict: Ecdict, count = 5) {
  const out: { paragraph_id: string; text: string; answer: string; headword: string; hint: string | null }[] = [];
  for (const s of textRank(paragraphs, count)) {
    let best: { token: TokenInContext; rank: number; meaning: string | null; headword: string } | null = null;
    for (const token of analyse(s.en)) {
      if (!['NOUN', 'VERB', 'ADJ', 'ADV'].includes(token.pos) || !/^[a-z]{3,}$/i.test(token.text) || STOP.has(token.lemma)) continue;
      const entry = dict.lemma(token.text.toLowerCase()) ?? dict.lookup(token.lemma);
      if (!entry) continue;
      const rank = entry.frq ?? entry.bnc ?? 100_000;
      if (!best || rank > best.rank) {
        const meaning = meaningsOf(entry)[0];
        best = { token, rank, meaning: meaning ? `${meaning.pos ?? ''} ${meaning.text}`.trim() : null, headword: entry.word };
      }
    }
    if (!best) continue;
    const word = best.token.text;
    const at = s.en.search(new RegExp(`\\b${word}\\b`));
    if (at < 0) continue;
    out.push({
      paragraph_id: s.paragraphId,
      text: `${s.en.slice(0, at)}____${s.en.slice(at + word.length)}`,
      answer: word,
      headword: best.headword,
      hint: best.meaning,
    });
  }
  return out;
}
